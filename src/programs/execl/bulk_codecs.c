/*
 * bulk_codecs.c - execl's ballast (see bulk.c): checksums and text codecs
 * (CRC-32, Adler-32, FNV-1a, base64, hex, run-length, UTF-8).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bulk.h"

/* CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), bit by bit. */
static uint32_t
bulk_crc32(const unsigned char *p, size_t n)
{
	uint32_t crc = 0xFFFFFFFFu;
	int bit;

	while (n-- > 0) {
		crc ^= *p++;
		for (bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return crc ^ 0xFFFFFFFFu;
}

/* Adler-32 as in zlib (RFC 1950). */
static uint32_t
bulk_adler32(const unsigned char *p, size_t n)
{
	uint32_t a = 1, b = 0;

	while (n-- > 0) {
		a = (a + *p++) % 65521u;
		b = (b + a) % 65521u;
	}
	return (b << 16) | a;
}

/* FNV-1a, 32 bits. */
static uint32_t
bulk_fnv1a(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s != '\0') {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}

static const char bulk_b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/*
 * Base64 (RFC 4648) of n bytes into out, which holds 4 * ((n + 2) / 3) + 1
 * bytes; returns the length written, not counting the NUL.
 */
static size_t
bulk_b64_encode(const unsigned char *in, size_t n, char *out)
{
	size_t i, o = 0;
	uint32_t v;

	for (i = 0; i + 2 < n; i += 3) {
		v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 |
		    in[i + 2];
		out[o++] = bulk_b64[v >> 18 & 63];
		out[o++] = bulk_b64[v >> 12 & 63];
		out[o++] = bulk_b64[v >> 6 & 63];
		out[o++] = bulk_b64[v & 63];
	}
	if (i < n) {
		v = (uint32_t)in[i] << 16;
		if (i + 1 < n)
			v |= (uint32_t)in[i + 1] << 8;
		out[o++] = bulk_b64[v >> 18 & 63];
		out[o++] = bulk_b64[v >> 12 & 63];
		out[o++] = i + 1 < n ? bulk_b64[v >> 6 & 63] : '=';
		out[o++] = '=';
	}
	out[o] = '\0';
	return o;
}

/* The value of one base64 digit, or -1. */
static int
bulk_b64_value(char c)
{
	const char *p;

	if (c == '\0')
		return -1;
	p = strchr(bulk_b64, c);
	return p == NULL ? -1 : (int)(p - bulk_b64);
}

/*
 * Decodes padded base64 text into out (at least 3/4 of its length); returns
 * the number of bytes, or -1 on a character or length that is not base64.
 */
static long
bulk_b64_decode(const char *in, unsigned char *out)
{
	size_t len = strlen(in), i;
	long o = 0;
	int d[4], k;

	if (len % 4 != 0)
		return -1;
	for (i = 0; i < len; i += 4) {
		for (k = 0; k < 4; k++) {
			if (in[i + k] == '=' && k >= 2 && i + 4 == len)
				d[k] = -2;
			else if ((d[k] = bulk_b64_value(in[i + k])) < 0)
				return -1;
		}
		if (d[2] == -2 && d[3] != -2)
			return -1;
		out[o++] = (unsigned char)(d[0] << 2 | d[1] >> 4);
		if (d[2] != -2)
			out[o++] =
			    (unsigned char)((d[1] & 15) << 4 | d[2] >> 2);
		if (d[3] != -2)
			out[o++] = (unsigned char)((d[2] & 3) << 6 | d[3]);
	}
	return o;
}

/* Lower-case hex of n bytes into out (2n + 1 bytes). */
static void
bulk_hex(const unsigned char *in, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * n] = '\0';
}

/*
 * Run-length code: each run of up to 255 equal bytes becomes a count and
 * the byte.  Returns the length of the output (at most 2n).
 */
static size_t
bulk_rle_encode(const unsigned char *in, size_t n, unsigned char *out)
{
	size_t i = 0, o = 0, run;

	while (i < n) {
		run = 1;
		while (i + run < n && in[i + run] == in[i] && run < 255)
			run++;
		out[o++] = (unsigned char)run;
		out[o++] = in[i];
		i += run;
	}
	return o;
}

static size_t
bulk_rle_decode(const unsigned char *in, size_t n, unsigned char *out)
{
	size_t i, o = 0;

	for (i = 0; i + 1 < n; i += 2) {
		memset(out + o, in[i + 1], in[i]);
		o += in[i];
	}
	return o;
}

/* UTF-8 of one code point into out (4 bytes); returns its length or 0. */
static int
bulk_utf8_encode(uint32_t cp, unsigned char out[4])
{
	if (cp < 0x80) {
		out[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (unsigned char)(0xC0 | cp >> 6);
		out[1] = (unsigned char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp >= 0xD800 && cp <= 0xDFFF)
		return 0;
	if (cp < 0x10000) {
		out[0] = (unsigned char)(0xE0 | cp >> 12);
		out[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		out[2] = (unsigned char)(0x80 | (cp & 0x3F));
		return 3;
	}
	if (cp < 0x110000) {
		out[0] = (unsigned char)(0xF0 | cp >> 18);
		out[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
		out[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		out[3] = (unsigned char)(0x80 | (cp & 0x3F));
		return 4;
	}
	return 0;
}

/*
 * Number of code points in well-formed UTF-8 text of n bytes, or -1 at the
 * first malformed, overlong or surrogate sequence.
 */
static long
bulk_utf8_count(const unsigned char *s, size_t n)
{
	size_t i = 0;
	long count = 0;
	uint32_t cp, min;
	int more, k;

	while (i < n) {
		if (s[i] < 0x80) {
			i++;
			count++;
			continue;
		}
		if ((s[i] & 0xE0) == 0xC0) {
			more = 1;
			cp = s[i] & 0x1F;
			min = 0x80;
		} else if ((s[i] & 0xF0) == 0xE0) {
			more = 2;
			cp = s[i] & 0x0F;
			min = 0x800;
		} else if ((s[i] & 0xF8) == 0xF0) {
			more = 3;
			cp = s[i] & 0x07;
			min = 0x10000;
		} else {
			return -1;
		}
		if (i + (size_t)more >= n)
			return -1;
		for (k = 1; k <= more; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return -1;
			cp = cp << 6 | (s[i + k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return -1;
		i += (size_t)more + 1;
		count++;
	}
	return count;
}

/* Checks the codecs: checksums, base64, hex, RLE and UTF-8. */
int
bulk_check_codecs(void)
{
	static const unsigned char nine[] = "123456789";
	unsigned char bytes[64], packed[128];
	char text[64];
	long n;
	int bad = 0;

	bad += bulk_crc32(nine, 9) != 0xCBF43926u;
	bad +=
	    bulk_adler32((const unsigned char *)"Wikipedia", 9) != 0x11E60398u;
	bad += bulk_fnv1a("") != 2166136261u;
	bad += bulk_fnv1a("a") != 0xE40C292Cu;
	bad += bulk_b64_encode((const unsigned char *)"foobar", 6, text) != 8 ||
	       strcmp(text, "Zm9vYmFy") != 0;
	bad += bulk_b64_encode((const unsigned char *)"fo", 2, text) != 4 ||
	       strcmp(text, "Zm8=") != 0;
	n = bulk_b64_decode("Zm9vYg==", bytes);
	bad += n != 4 || memcmp(bytes, "foob", 4) != 0;
	bad += bulk_b64_decode("Zm9v!", bytes) != -1;
	bulk_hex((const unsigned char *)"\x01\xab\xff", 3, text);
	bad += strcmp(text, "01abff") != 0;
	memcpy(bytes, "aaaabbbcca", 10);
	n = (long)bulk_rle_encode(bytes, 10, packed);
	bad += n != 8 || bulk_rle_decode(packed, (size_t)n, bytes + 16) != 10 ||
	       memcmp(bytes, bytes + 16, 10) != 0;
	bad += bulk_utf8_encode(0x20AC, bytes) != 3 ||
	       memcmp(bytes, "\xE2\x82\xAC", 3) != 0;
	bad += bulk_utf8_encode(0xD800, bytes) != 0;
	bad += bulk_utf8_count(
	           (const unsigned char *)"a\xC3\xA9\xE2\x82\xAC", 6) != 3;
	bad += bulk_utf8_count((const unsigned char *)"\xC0\xAF", 2) != -1;
	return bad;
}
