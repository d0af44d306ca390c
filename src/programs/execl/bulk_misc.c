/*
 * bulk_misc.c - execl's ballast (see bulk.c): numbers, dates, sorting and
 * text routines.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bulk.h"
#include "text.h"

/* Roman numeral of 1..3999 into out (16 bytes); returns 0, or -1. */
static int
bulk_roman(int v, char out[16])
{
	static const struct {
		int value;
		const char *text;
	} r[] = {
	    {1000, "M"},
	    {900, "CM"},
	    {500, "D"},
	    {400, "CD"},
	    {100, "C"},
	    {90, "XC"},
	    {50, "L"},
	    {40, "XL"},
	    {10, "X"},
	    {9, "IX"},
	    {5, "V"},
	    {4, "IV"},
	    {1, "I"},
	};
	size_t i;

	if (v < 1 || v > 3999)
		return -1;
	out[0] = '\0';
	for (i = 0; i < sizeof(r) / sizeof(r[0]); i++) {
		while (v >= r[i].value) {
			strcat(out, r[i].text);
			v -= r[i].value;
		}
	}
	return 0;
}

/* The value of a Roman numeral (subtractive rule), or -1. */
static int
bulk_roman_value(const char *s)
{
	static const char letters[] = "IVXLCDM";
	static const int values[] = {1, 5, 10, 50, 100, 500, 1000};
	const char *p;
	int total = 0, prev = 0, v;

	for (; *s != '\0'; s++) {
		if ((p = strchr(letters, *s)) == NULL)
			return -1;
		v = values[p - letters];
		total += v;
		if (v > prev)
			total -= 2 * prev;
		prev = v;
	}
	return total;
}

/* Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's rule). */
static long
bulk_days_from_civil(long y, int m, int d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* Day of the week, 0 = Sunday, of a day count from 1970-01-01. */
static int
bulk_weekday(long days)
{
	return (int)(days >= -4 ? (days + 4) % 7 : (days + 5) % 7 + 6);
}

static int
bulk_is_leap(long y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Greatest common divisor by Euclid. */
static uint64_t
bulk_gcd(uint64_t a, uint64_t b)
{
	uint64_t t;

	while (b != 0) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Floor of the square root, by Newton's method on integers. */
static uint64_t
bulk_isqrt(uint64_t n)
{
	uint64_t x, y;

	if (n < 2)
		return n;
	x = n / 2 + 1;
	y = (x + n / x) / 2;
	while (y < x) {
		x = y;
		y = (x + n / x) / 2;
	}
	return x;
}

/* b^e mod m by squaring; m below 2^32 so products fit. */
static uint64_t
bulk_modpow(uint64_t b, uint64_t e, uint64_t m)
{
	uint64_t r = 1 % m;

	b %= m;
	while (e > 0) {
		if (e & 1)
			r = r * b % m;
		b = b * b % m;
		e >>= 1;
	}
	return r;
}

static int
bulk_popcount(uint64_t v)
{
	int n = 0;

	while (v != 0) {
		v &= v - 1;
		n++;
	}
	return n;
}

/* Number of primes below n (at most 8192) by a sieve, or -1. */
static int
bulk_count_primes(unsigned n)
{
	unsigned char composite[1024];
	unsigned i, j;
	int count = 0;

	if (n > 8 * sizeof(composite))
		return -1;
	memset(composite, 0, sizeof(composite));
	for (i = 2; i < n; i++) {
		if (composite[i / 8] & (1u << (i % 8)))
			continue;
		count++;
		for (j = i * i; j < n; j += i)
			composite[j / 8] |= (unsigned char)(1u << (j % 8));
	}
	return count;
}

/* Marsaglia's xorshift64 generator; the state must not be zero. */
static uint64_t
bulk_xorshift(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

static void
bulk_insertion_sort(int *a, size_t n)
{
	size_t i, j;
	int v;

	for (i = 1; i < n; i++) {
		v = a[i];
		for (j = i; j > 0 && a[j - 1] > v; j--)
			a[j] = a[j - 1];
		a[j] = v;
	}
}

/* Restores the heap property below node i of a max-heap of n elements. */
static void
bulk_sift_down(int *a, size_t i, size_t n)
{
	size_t child;
	int t;

	while ((child = 2 * i + 1) < n) {
		if (child + 1 < n && a[child + 1] > a[child])
			child++;
		if (a[i] >= a[child])
			return;
		t = a[i];
		a[i] = a[child];
		a[child] = t;
		i = child;
	}
}

static void
bulk_heap_sort(int *a, size_t n)
{
	size_t i;
	int t;

	for (i = n / 2; i-- > 0;)
		bulk_sift_down(a, i, n);
	for (i = n; i-- > 1;) {
		t = a[0];
		a[0] = a[i];
		a[i] = t;
		bulk_sift_down(a, 0, i);
	}
}

static int
bulk_is_sorted(const int *a, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (a[i - 1] > a[i])
			return 0;
	return 1;
}

/* Index of v in the sorted array a, or -1. */
static long
bulk_bsearch(const int *a, size_t n, int v)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (a[mid] < v)
			lo = mid + 1;
		else if (a[mid] > v)
			hi = mid;
		else
			return (long)mid;
	}
	return -1;
}

/*
 * Evaluates a reverse-Polish integer expression of space-separated tokens
 * (numbers and + - * /).  Returns 0 with *value set, or -1 on a malformed
 * expression, a stack of more than 16, or division by zero.
 */
static int
bulk_rpn(const char *expr, long *value)
{
	long stack[16], a, b;
	int depth = 0;
	const char *p = expr;

	while (*p != '\0') {
		if (*p == ' ') {
			p++;
			continue;
		}
		if (*p >= '0' && *p <= '9') {
			if (depth == 16)
				return -1;
			a = 0;
			while (*p >= '0' && *p <= '9')
				a = a * 10 + (*p++ - '0');
			stack[depth++] = a;
			continue;
		}
		if (depth < 2)
			return -1;
		b = stack[--depth];
		a = stack[--depth];
		switch (*p++) {
		case '+':
			stack[depth++] = a + b;
			break;
		case '-':
			stack[depth++] = a - b;
			break;
		case '*':
			stack[depth++] = a * b;
			break;
		case '/':
			if (b == 0)
				return -1;
			stack[depth++] = a / b;
			break;
		default:
			return -1;
		}
	}
	if (depth != 1)
		return -1;
	*value = stack[0];
	return 0;
}

/* Words (runs of non-blanks) and lines in text, as wc counts them. */
static void
bulk_wc(const char *text, long *words, long *lines)
{
	int in_word = 0;

	*words = *lines = 0;
	for (; *text != '\0'; text++) {
		if (*text == '\n')
			(*lines)++;
		if (*text == ' ' || *text == '\t' || *text == '\n') {
			in_word = 0;
		} else if (!in_word) {
			in_word = 1;
			(*words)++;
		}
	}
}

/* Reverses a string in place. */
static void
bulk_reverse(char *s)
{
	size_t i, j = strlen(s);
	char t;

	for (i = 0; j > 0 && i < --j; i++) {
		t = s[i];
		s[i] = s[j];
		s[j] = t;
	}
}

/* The Luhn check of a string of decimal digits: 1 if it passes. */
static int
bulk_luhn(const char *digits)
{
	size_t n = strlen(digits), i;
	int sum = 0, d, twice = 0;

	for (i = n; i-- > 0;) {
		if (digits[i] < '0' || digits[i] > '9')
			return 0;
		d = digits[i] - '0';
		if (twice && (d *= 2) > 9)
			d -= 9;
		sum += d;
		twice = !twice;
	}
	return n > 0 && sum % 10 == 0;
}

/* Checks the numbers, dates, sorting and text routines. */
int
bulk_check_misc(void)
{
	int a[64], b[64];
	char text[32];
	uint64_t state = 88172645463325252u;
	long v, words, lines;
	size_t i;
	int bad = 0;

	bad += bulk_roman(1994, text) != 0 || strcmp(text, "MCMXCIV") != 0;
	bad += bulk_roman_value("MMXXVI") != 2026;
	bad += bulk_roman(0, text) != -1;
	bad += bulk_days_from_civil(2000, 1, 1) != 10957;
	bad += bulk_weekday(bulk_days_from_civil(2000, 1, 1)) != 6;
	bad += bulk_weekday(bulk_days_from_civil(1969, 7, 20)) != 0;
	bad += !bulk_is_leap(2000) || bulk_is_leap(1900) || !bulk_is_leap(2024);
	bad += bulk_gcd(1071, 462) != 21;
	bad += bulk_isqrt(1000000000000u) != 1000000u || bulk_isqrt(15) != 3;
	bad += bulk_modpow(4, 13, 497) != 445;
	bad += bulk_popcount(0xF0F0u) != 8;
	bad += bulk_count_primes(1000) != 168;
	for (i = 0; i < 64; i++)
		a[i] = b[i] = (int)(bulk_xorshift(&state) % 1000);
	bulk_insertion_sort(a, 64);
	bulk_heap_sort(b, 64);
	bad += !bulk_is_sorted(a, 64) || memcmp(a, b, sizeof(a)) != 0;
	bad += bulk_bsearch(a, 64, a[37]) < 0 || bulk_bsearch(a, 64, -1) != -1;
	bad += bulk_rpn("3 4 + 2 *", &v) != 0 || v != 14;
	bad += bulk_rpn("1 0 /", &v) != -1;
	bulk_wc("the quick brown\nfox jumps\n", &words, &lines);
	bad += words != 5 || lines != 2;
	strcpy(text, "execl");
	bulk_reverse(text);
	bad += strcmp(text, "lcexe") != 0;
	bad += !bulk_luhn("79927398713") || bulk_luhn("79927398710");
	bad += text_distance("kitten", "sitting") != 3;
	return bad;
}
