/*
 * test_protocol.c - protocol_parse against a table of program outputs
 * and endings: good lines, garbage, two COUNT lines, negative, NaN and
 * huge numbers, missing fields, errors, skips and signals.
 */
#include <stdlib.h>

#include "check.h"
#include "exec/protocol.h"

static const struct {
	const char *name, *out, *err;
	int status, signal;
	enum outcome want;
	double count, timebase, time_s; /* checked when want is OK */
	const char *unit, *message; /* message: a prefix of it */
} cases[] = {
    {"count and time", "COUNT|1234|1|lps\nTIME|10.5\n", "", 0, 0, OUTCOME_OK,
        1234, 1, 10.5, "lps", ""},
    {"count without time takes the wall time", "COUNT|99|60|lpm\n", "", 0, 0,
        OUTCOME_OK, 99, 60, 7.0, "lpm", ""},
    {"rate with timebase 0", "COUNT|4488.4|0|MWIPS\nTIME|9.9", "", 0, 0,
        OUTCOME_OK, 4488.4, 0, 9.9, "MWIPS", ""},
    {"info lines kept, other lines ignored",
        "INFO|min|1.5\nhello\nCOUNT|5|1|lps\n", "", 0, 0, OUTCOME_OK, 5, 1, 7.0,
        "lps", ""},
    {"garbage only", "garbage\n\x01\x02\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0,
        0, "", "no COUNT line"},
    {"empty output", "", "", 0, 0, OUTCOME_NO_RESULT, 0, 0, 0, "",
        "no COUNT line"},
    {"two COUNT lines", "COUNT|1|1|lps\nCOUNT|2|1|lps\n", "", 0, 0,
        OUTCOME_NO_RESULT, 0, 0, 0, "", "more than one COUNT"},
    {"two TIME lines", "COUNT|1|1|lps\nTIME|1\nTIME|2\n", "", 0, 0,
        OUTCOME_NO_RESULT, 0, 0, 0, "", "more than one TIME"},
    {"negative count", "COUNT|-5|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0, 0,
        "", "bad COUNT"},
    {"NaN count", "COUNT|nan|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0, 0, "",
        "bad COUNT"},
    {"infinite count", "COUNT|inf|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0,
        0, "", "bad COUNT"},
    {"huge count", "COUNT|1e300|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0, 0,
        "", "bad COUNT"},
    {"hexadecimal count", "COUNT|0x10|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0,
        0, 0, "", "bad COUNT"},
    {"count with an exponent", "COUNT|1e3|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT,
        0, 0, 0, "", "bad COUNT"},
    {"count with a plus sign", "COUNT|+5|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT,
        0, 0, 0, "", "bad COUNT"},
    {"count after a space", "COUNT| 5|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0,
        0, 0, "", "bad COUNT"},
    {"count ending in a point", "COUNT|5.|1|lps\n", "", 0, 0, OUTCOME_NO_RESULT,
        0, 0, 0, "", "bad COUNT"},
    {"hexadecimal timebase", "COUNT|5|0x1|lps\n", "", 0, 0, OUTCOME_NO_RESULT,
        0, 0, 0, "", "bad COUNT"},
    {"time with an exponent", "COUNT|5|1|lps\nTIME|1e-9\n", "", 0, 0,
        OUTCOME_NO_RESULT, 0, 0, 0, "", "bad TIME"},
    {"hexadecimal time", "COUNT|5|1|lps\nTIME|0x1p-3\n", "", 0, 0,
        OUTCOME_NO_RESULT, 0, 0, 0, "", "bad TIME"},
    {"count with trailing text", "COUNT|12abc|1|lps\n", "", 0, 0,
        OUTCOME_NO_RESULT, 0, 0, 0, "", "bad COUNT"},
    {"missing unit", "COUNT|12|1\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0, 0, "",
        "bad COUNT"},
    {"empty unit", "COUNT|12|1|\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0, 0, "",
        "bad COUNT"},
    {"missing count", "COUNT||1|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0, 0,
        "", "bad COUNT"},
    {"extra field", "COUNT|1|1|lps|x\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0, 0,
        "", "bad COUNT"},
    {"fractional timebase", "COUNT|1|1.5|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0,
        0, 0, "", "bad COUNT"},
    {"negative timebase", "COUNT|1|-1|lps\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0,
        0, "", "bad COUNT"},
    {"unit with a space", "COUNT|1|1|l ps\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0,
        0, "", "bad COUNT"},
    {"unit too long", "COUNT|1|1|abcdefghijklmnop\n", "", 0, 0,
        OUTCOME_NO_RESULT, 0, 0, 0, "", "bad COUNT"},
    {"zero time", "COUNT|1|1|lps\nTIME|0\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0,
        0, "", "bad TIME"},
    {"negative time", "COUNT|1|1|lps\nTIME|-3\n", "", 0, 0, OUTCOME_NO_RESULT,
        0, 0, 0, "", "bad TIME"},
    {"NaN time", "COUNT|1|1|lps\nTIME|nan\n", "", 0, 0, OUTCOME_NO_RESULT, 0, 0,
        0, "", "bad TIME"},
    {"ERROR line with exit 1", "ERROR|cannot open: No such file\n", "", 1, 0,
        OUTCOME_FAILED, 0, 0, 0, "", "cannot open: No such"},
    {"ERROR line with exit 0", "COUNT|1|1|lps\nERROR|bad check\n", "", 0, 0,
        OUTCOME_FAILED, 0, 0, 0, "", "bad check"},
    {"exit 1 explained on stderr", "", "warning: slow\nwhat went wrong\n\n", 1,
        0, OUTCOME_FAILED, 0, 0, 0, "", "what went wrong"},
    {"exit 3 unexplained", "", "", 3, 0, OUTCOME_FAILED, 0, 0, 0, "",
        "exit status 3"},
    {"exit 77 is skipped", "", "no dc here\n", 77, 0, OUTCOME_SKIPPED, 0, 0, 0,
        "", "no dc here"},
    {"exit 77 silent", "", "", 77, 0, OUTCOME_SKIPPED, 0, 0, 0, "", "skipped"},
    {"killed by a signal", "COUNT|1|1|lps\n", "", 0, 11, OUTCOME_FAILED, 0, 0,
        0, "", "killed by signal 11"},
    {"ERROR line and the cause on stderr", "ERROR|multi.sh exited 1\n",
        "multi.sh: cannot read /x/sort.src\n", 1, 0, OUTCOME_FAILED, 0, 0, 0,
        "", "multi.sh exited 1: multi.sh: cannot read /x/sort.src"},
    {"killed by a signal, its last words", "", "out of memory\n", 0, 9,
        OUTCOME_FAILED, 0, 0, 0, "", "killed by signal 9: out of memory"},
};

int
main(void)
{
	size_t i;
	int k;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct copy_result c = {0};

		c.time_s = 7.0; /* the wall time the runner measured */
		CHECK(cases[i].name,
		    protocol_parse(cases[i].out, cases[i].err, cases[i].status,
		        cases[i].signal, &c) == 0 &&
		        c.outcome == cases[i].want && c.message != NULL &&
		        strncmp(c.message, cases[i].message,
		            strlen(cases[i].message)) == 0 &&
		        (cases[i].want != OUTCOME_OK ||
		            (c.count == cases[i].count &&
		                c.timebase == cases[i].timebase &&
		                c.time_s == cases[i].time_s &&
		                strcmp(c.unit, cases[i].unit) == 0)));
		if (c.outcome != cases[i].want || c.message == NULL)
			printf("    got %s: %s\n", outcome_name(c.outcome),
			    c.message ? c.message : "(null)");
		if (i == 3)
			CHECK("info key and value",
			    c.ninfo == 1 && strcmp(c.info[0].key, "min") == 0 &&
			        strcmp(c.info[0].value, "1.5") == 0);
		free(c.message);
		for (k = 0; k < c.ninfo; k++) {
			free(c.info[k].key);
			free(c.info[k].value);
		}
		free(c.info);
	}
	return check_exit();
}
