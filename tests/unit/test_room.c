/*
 * test_room.c - the checks made before a run: copies against the
 * process room and memory, file descriptors against their limit, the file
 * tests' scratch space against the free space, with the numbers in the
 * message.
 */
#include <string.h>

#include "check.h"
#include "plan/room.h"

static const struct {
	const char *name;
	int copies;
	long room;
	long long memory_kib;
	const char *says; /* NULL: accepted; else the message has it */
} copies_cases[] = {
    {"copies: no known limits", 1000000, -1, -1, NULL},
    {"copies: below the room", 99, 100, 1 << 20, NULL},
    {"copies: at the room refused", 100, 100, -1, "room for 100 more"},
    {"copies: none left", 1, 0, -1, "1 copies do not fit"},
    {"copies: memory exactly enough", 4096, -1, 4096LL * ROOM_COPY_KIB, NULL},
    {"copies: one copy past memory", 4097, -1, 4096LL * ROOM_COPY_KIB,
        "4097 copies need at least 1024 MiB"},
    {"copies: says the machine's memory", 1000000, 2000000, 8LL << 20,
        "8192 MiB may be used here"},
};

int
main(void)
{
	const struct test_def *fs = catalog_find_test("fsdisk");
	const struct test_def *fst = catalog_find_test("fstime");
	const struct test_def *pipe = catalog_find_test("pipe");
	const struct test_def *tests[3];
	char err[512];
	int copies[2] = {1, 4};
	size_t i;

	for (i = 0; i < sizeof(copies_cases) / sizeof(copies_cases[0]); i++) {
		err[0] = '\0';
		if (copies_cases[i].says == NULL)
			CHECK(copies_cases[i].name,
			    room_check_copies(copies_cases[i].copies,
			        copies_cases[i].room,
			        copies_cases[i].memory_kib, err,
			        sizeof(err)) == 0);
		else
			CHECK(copies_cases[i].name,
			    room_check_copies(copies_cases[i].copies,
			        copies_cases[i].room,
			        copies_cases[i].memory_kib, err,
			        sizeof(err)) == -1 &&
			        strstr(err, copies_cases[i].says) != NULL);
	}

	CHECK("fds: no limit worth checking",
	    room_check_fds(-1, 500, 400, 5, 1, err, sizeof(err)) == 0);
	CHECK("fds: exactly enough", room_check_fds(3 + ROOM_RUNNER_FDS + 4, 3,
	                                 0, 4, 0, err, sizeof(err)) == 0);
	CHECK("fds: one short refused, limit and need said",
	    room_check_fds(12, 3, 0, 4, 0, err, sizeof(err)) == -1 &&
	        strstr(err, "limit is 12 (ulimit -n)") &&
	        strstr(err, "needs 13 (3 open already)"));
	CHECK("fds: a shell test needs its descriptors at 10 and above",
	    room_check_fds(ROOM_SHELL_FDS + 1, 3, 2, 1, 1, err, sizeof(err)) ==
	            -1 &&
	        strstr(err, "needs 15") && strstr(err, "shell"));
	CHECK("stack: none, or enough",
	    room_check_stack(-1, err, sizeof(err)) == 0 &&
	        room_check_stack(ROOM_STACK_KIB, err, sizeof(err)) == 0);
	CHECK("stack: 1 KiB short refused, limit and need said",
	    room_check_stack(ROOM_STACK_KIB - 1, err, sizeof(err)) == -1 &&
	        strstr(err, "limit is 255 KiB (ulimit -s)") &&
	        strstr(err, "needs 256 KiB"));
	CHECK("scratch: fsdisk writes two 8000 KiB files",
	    fs != NULL && room_scratch_kib(fs) == 16000);
	CHECK("scratch: fstime two 2000 KiB files",
	    fst != NULL && room_scratch_kib(fst) == 4000);
	CHECK(
	    "scratch: pipe none", pipe != NULL && room_scratch_kib(pipe) == 0);
	tests[0] = pipe;
	tests[1] = fst;
	tests[2] = fs;
	CHECK("scratch: no file test, no need",
	    room_check_scratch(
	        tests, 1, copies, 2, "/t", 0, err, sizeof(err)) == 0);
	CHECK("scratch: the most needy test times the most copies fits",
	    room_check_scratch(
	        tests, 3, copies, 2, "/t", 64000, err, sizeof(err)) == 0);
	CHECK("scratch: 1 KiB short refused, numbers and test named",
	    room_check_scratch(
	        tests, 3, copies, 2, "/t", 63999, err, sizeof(err)) == -1 &&
	        strstr(err, "fsdisk needs 16000 KiB") &&
	        strstr(err, "64000 KiB for 4 copies") &&
	        strstr(err, "/t has 63999 KiB free") &&
	        strstr(err, "UB_TMPDIR"));
	CHECK("scratch: one copy said so",
	    room_check_scratch(
	        tests + 1, 1, copies, 1, "/t", 10, err, sizeof(err)) == -1 &&
	        strstr(err, "4000 KiB for 1 copy,") != NULL);
	return check_exit();
}
