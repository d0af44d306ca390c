/*
 * test_options.c - options_parse: every bad input of a table is refused
 * with a message naming it, and good command lines give what they say.
 */
#include <stdint.h>

#include "check.h"
#include "model/counters.h"
#include "plan/options.h"

#define ARGS(...)                                                              \
	{                                                                      \
		"Run", __VA_ARGS__, NULL                                       \
	}

static const struct {
	const char *name;
	const char *argv[8];
	const char *says; /* the message contains this */
} bad[] = {
    {"unknown short option", ARGS("-x"), "-x"},
    {"unknown option in a cluster", ARGS("-qz"), "-z"},
    {"unknown long option", ARGS("--bogus"), "--bogus"},
    {"unknown test", ARGS("nosuchtest"), "nosuchtest"},
    {"unknown test after good ones", ARGS("pipe", "spawnn"), "spawnn"},
    {"-c 0", ARGS("-c", "0"), "-c"},
    {"-c -1", ARGS("-c", "-1"), "-c"},
    {"-c abc", ARGS("-c", "abc"), "abc"},
    {"-c 1.5", ARGS("-c", "1.5"), "1.5"},
    {"-c 99999999999", ARGS("-c", "99999999999"), "99999999999"},
    {"-c empty", ARGS("-c", ""), "-c"},
    {"-c missing value", ARGS("-c"), "missing value"},
    {"-i 0", ARGS("-i", "0"), "-i"},
    {"-i x", ARGS("-i", "x"), "x"},
    {"-i 10001", ARGS("-i", "10001"), "10001"},
    {"-i with a leading space", ARGS("-i", " 5"), " 5"},
    {"-i with a plus sign", ARGS("-i", "+5"), "+5"},
    {"-c hexadecimal", ARGS("-c", "0x2"), "0x2"},
    {"--duration hexadecimal", ARGS("--duration", "0x1p-3"), "0x1p-3"},
    {"--duration with an exponent", ARGS("--duration", "1e1"), "1e1"},
    {"-i missing value", ARGS("pipe", "-i"), "missing value"},
    {"-f missing value", ARGS("-f"), "missing value"},
    {"-f unknown format", ARGS("-f", "text,pdf"), "pdf"},
    {"-f trailing comma", ARGS("-f", "text,"), "-f"},
    {"-f empty item", ARGS("-f", "text,,log"), "-f"},
    {"-f empty", ARGS("-f", ""), "-f"},
    {"--duration 0", ARGS("--duration", "0"), "--duration"},
    {"--duration -1", ARGS("--duration=-1"), "--duration"},
    {"--duration abc", ARGS("--duration", "abc"), "abc"},
    {"--duration nan", ARGS("--duration", "nan"), "nan"},
    {"--duration missing value", ARGS("--duration"), "missing value"},
    {"--placement bad", ARGS("--placement", "here"), "here"},
    {"--placement missing value", ARGS("--placement"), "missing value"},
    {"--precision 0", ARGS("--precision", "0"), "0.1 to 50"},
    {"--precision 51", ARGS("--precision=51"), "51"},
    {"--precision missing value", ARGS("--precision"), "missing value"},
    {"--budget 0", ARGS("--precision", "2", "--budget", "0"), "--budget"},
    {"--budget without --precision", ARGS("--budget", "60"),
        "give --precision too"},
    {"--precision with -Q", ARGS("-Q", "--precision", "2"), "--quick"},
    {"--precision with -i", ARGS("--precision", "2", "-i", "3"), "-i"},
    {"--counters bad", ARGS("--counters", "some"), "off, on or all"},
    {"--counters missing value", ARGS("--counters"), "missing value"},
    {"-q with -v", ARGS("-q", "-v"), "-q"},
    {"--silent with -v", ARGS("--silent", "-v"), "-q"},
    {"single dash", ARGS("-"), "unknown test"},
    {"--smoke without -l", ARGS("--smoke", "pipe"), "--smoke"},
    {"--label too long",
        ARGS("--label", "0123456789012345678901234567890123456789"
                        "0123456789012345678901234"),
        "at most 64 bytes: --label"},
    {"--comment with a newline", ARGS("--comment", "a\nb"),
        "at most 64 bytes: --comment"},
    {"a misspelt option gets a hint", ARGS("--quik"),
        "--quik (did you mean --quick?)"},
    {"a misspelt option with a value", ARGS("--lable=x"),
        "(did you mean --label?)"},
    {"-f lists the formats", ARGS("-f", "pdf"),
        "pdf (text, log, json, csv, html, md)"},
    {"a report file names compare", ARGS("a.json", "b.json"),
        "a.json (to compare reports: compare a.json ...)"},
    {"an abbreviation is near", ARGS("dhrystone2"), "nearest: dhry2"},
};

/* options_parse on a NULL-terminated argument list. */
static int
parse(const char *const *argv, struct options *o, char *err, size_t len)
{
	int argc = 0;

	while (argv[argc] != NULL)
		argc++;
	return options_parse(argc, (char *const *)(uintptr_t)argv, o, err, len);
}

/* Every bad input of the table is refused, its message naming it. */
static void
check_bad(void)
{
	struct options o;
	char err[256];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		rc = parse(bad[i].argv, &o, err, sizeof(err));
		CHECK(bad[i].name, rc == -1 &&
		                       strstr(err, bad[i].says) != NULL &&
		                       strchr(err, '\n') == NULL);
		if (rc != -1 || strstr(err, bad[i].says) == NULL)
			printf("    said: %s\n", err);
	}
}

/* No arguments, and --counters in both of its spellings. */
static void
check_defaults(void)
{
	static const char *const argv[] = {"Run", NULL};
	static const char *const a[] = {"Run", "--counters=all", NULL};
	static const char *const b[] = {"Run", "--counters", "off", NULL};
	struct options o;
	char err[256];
	int rc;

	rc = parse(argv, &o, err, sizeof(err));
	CHECK("no arguments: the index, 12 tests",
	    rc == 0 && o.action == ACTION_RUN && o.settings.ntests == 12 &&
	        o.settings.ncopies == 0 && o.iterations == 0 &&
	        strcmp(o.settings.placement, "unpinned") == 0 &&
	        o.settings.counters == COUNTERS_ON);
	options_free(&o);
	CHECK("--counters=all", parse(a, &o, err, sizeof(err)) == 0 &&
	                            o.settings.counters == COUNTERS_ALL);
	options_free(&o);
	CHECK("--counters off", parse(b, &o, err, sizeof(err)) == 0 &&
	                            o.settings.counters == COUNTERS_OFF);
	options_free(&o);
}

/* Options among the tests, repeated and attached; the tests' order. */
static void
check_anywhere(void)
{
	static const char *const argv[] = {"Run", "-qb", "-c", "1", "-c4", "-i",
	    "3", "pipe", "--duration=0.5", "dhry", "pipe", NULL};
	struct options o;
	char err[256];
	int rc;

	rc = parse(argv, &o, err, sizeof(err));
	CHECK("options anywhere, -c repeated and attached",
	    rc == 0 && o.settings.quiet && o.settings.brief &&
	        !o.settings.verbose && o.settings.ncopies == 2 &&
	        o.settings.copies[0] == 1 && o.settings.copies[1] == 4 &&
	        o.iterations == 3 && o.settings.duration_s == 0.5);
	CHECK("tests in order, each once",
	    rc == 0 && o.settings.ntests == 2 &&
	        strcmp(o.settings.tests[0]->name, "pipe") == 0 &&
	        strcmp(o.settings.tests[1]->name, "dhry2reg") == 0);
	options_free(&o);
}

/* --precision with --budget; -f, --placement, -- and a group. */
static void
check_valued(void)
{
	static const char *const prec[] = {
	    "Run", "--precision=2.5", "--budget", "900", NULL};
	static const char *const fmt[] = {"Run", "-f", "log,text",
	    "--placement", "cross-cpu", "-v", "--", "shell", NULL};
	struct options o;
	char err[256];
	int rc;

	rc = parse(prec, &o, err, sizeof(err));
	CHECK("--precision and --budget", rc == 0 && o.precision_pct == 2.5 &&
	                                      o.budget_s == 900 &&
	                                      !o.settings.quick);
	options_free(&o);
	rc = parse(fmt, &o, err, sizeof(err));
	CHECK("-f, --placement, -- and a group",
	    rc == 0 && o.nformats == 2 && strcmp(o.formats[0], "log") == 0 &&
	        strcmp(o.settings.placement, "cross-cpu") == 0 &&
	        o.settings.verbose && o.settings.ntests == 3);
	options_free(&o);
}

/* -q once is quiet 1; twice, clustered or --silent is quiet 2. */
static void
check_quiet(void)
{
	static const char *const q[] = {"Run", "-q", "pipe", NULL};
	static const char *const qq[] = {"Run", "-qq", "pipe", NULL};
	static const char *const q_q[] = {"Run", "-q", "-q", NULL};
	static const char *const s[] = {"Run", "--silent", NULL};
	static const char *const qqq[] = {"Run", "-qqqb", NULL};
	struct options o;
	char err[256];

	CHECK("-q: quiet 1 (no progress, the report)",
	    parse(q, &o, err, sizeof(err)) == 0 && o.settings.quiet == 1);
	options_free(&o);
	CHECK("-qq: quiet 2 (silent)",
	    parse(qq, &o, err, sizeof(err)) == 0 && o.settings.quiet == 2);
	options_free(&o);
	CHECK("-q -q: quiet 2",
	    parse(q_q, &o, err, sizeof(err)) == 0 && o.settings.quiet == 2);
	options_free(&o);
	CHECK("--silent: quiet 2",
	    parse(s, &o, err, sizeof(err)) == 0 && o.settings.quiet == 2);
	options_free(&o);
	CHECK("-qqqb: quiet 2 and brief",
	    parse(qqq, &o, err, sizeof(err)) == 0 && o.settings.quiet == 2 &&
	        o.settings.brief);
	options_free(&o);
}

/* The actions other than a run: -h, --version, -l and --smoke -l. */
static void
check_actions(void)
{
	static const char *const h[] = {"Run", "-h", NULL};
	static const char *const v[] = {"Run", "--version", NULL};
	static const char *const l[] = {"Run", "-l", NULL};
	static const char *const ls[] = {"Run", "--smoke", "-l", NULL};
	struct options o;
	char err[256];

	CHECK("-h",
	    parse(h, &o, err, sizeof(err)) == 0 && o.action == ACTION_HELP);
	options_free(&o);
	CHECK("--version",
	    parse(v, &o, err, sizeof(err)) == 0 && o.action == ACTION_VERSION);
	options_free(&o);
	CHECK("-l", parse(l, &o, err, sizeof(err)) == 0 &&
	                o.action == ACTION_LIST && !o.smoke);
	options_free(&o);
	CHECK("--smoke -l", parse(ls, &o, err, sizeof(err)) == 0 &&
	                        o.action == ACTION_LIST && o.smoke);
	options_free(&o);
}

/* -c takes a million copies; "all" is every test. */
static void
check_all(void)
{
	static const char *const argv[] = {"Run", "-c", "1000000", "all", NULL};
	struct options o;
	char err[256];
	int rc;

	rc = parse(argv, &o, err, sizeof(err));
	CHECK("-c has no small cap; all = every test",
	    rc == 0 && o.settings.copies[0] == 1000000 &&
	        o.settings.ntests > 20);
	options_free(&o);
}

int
main(void)
{
	check_bad();
	check_defaults();
	check_anywhere();
	check_valued();
	check_quiet();
	check_actions();
	check_all();
	return check_exit();
}
