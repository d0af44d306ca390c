/*
 * fuzz_reports.c - libFuzzer target for the readers of untrusted reports:
 * the first byte picks the reader (0 text, 1 JSON, 2 either as compare
 * picks, 3 the bare JSON reader), the rest is the file.  Whatever is read
 * is labelled and written in every format, so the writers run on it too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare/compare.h"
#include "compare/table.h"
#include "write/json_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct cmp_file file = {0};
	struct cmp_report *reports[CMP_MAX_REPORTS];
	const char *user[CMP_MAX_REPORTS], *names[CMP_MAX_REPORTS];
	struct comparison c = {0};
	struct json_value v;
	const char *text = (const char *)data + 1;
	char err[256];
	int i;

	if (size == 0)
		return 0;
	if (null == NULL && (null = fopen("/dev/null", "w")) == NULL)
		abort();
	switch (data[0] & 3) {
	case 0:
		parse_text(text, size - 1, &file, err, sizeof(err));
		break;
	case 1:
		parse_json(text, size - 1, &file, err, sizeof(err));
		break;
	case 2:
		compare_read(text, size - 1, &file, err, sizeof(err));
		break;
	default:
		if (json_parse(text, size - 1, &v, err, sizeof(err)) == 0)
			json_free(&v);
		return 0;
	}
	for (i = 0; i < file.nreports; i++) {
		reports[i] = &file.reports[i];
		user[i] = data[0] & 4 ? "fuzz" : NULL;
		names[i] = "dir/fuzz.txt";
	}
	/* Grouped (bit 3 clear: by identity too) as the command does. */
	if (file.nreports > 0 &&
	    compare_label(reports, user, names, file.nreports) == 0 &&
	    compare_build(&c, reports, user, file.nreports, data[0] & 8, 1) ==
	        0) {
		compare_write(null, CMP_FORMAT_TEXT, &c);
		compare_write(null, CMP_FORMAT_MD, &c);
		compare_write(null, CMP_FORMAT_JSON, &c);
		compare_regressions(null, &c, 0.95);
	}
	compare_free(&c);
	cmp_file_free(&file);
	return 0;
}
