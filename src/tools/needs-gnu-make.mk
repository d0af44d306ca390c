# needs-gnu-make.mk - read by BSD make only (see the top of the Makefile).
.error bytebench needs GNU make: run gmake (FreeBSD: pkg install gmake)
