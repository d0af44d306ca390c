/*
 * defs.h - the catalog rows the unit tests make up: a test named NAME
 * with the given title, pass length and kind of passes, run as program
 * NAME with the duration ("@T"), in loops per second.
 */
#ifndef DEFS_H
#define DEFS_H

#include "model/catalog.h"

#define FAKE_TEST(nm, ttl, secs, kind)                                         \
	{                                                                      \
		.name = (nm), .title = (ttl), .program = (nm), .args = {"@T"}, \
		.seconds = (secs), .passes = (kind), .unit = "lps"             \
	}

#endif
