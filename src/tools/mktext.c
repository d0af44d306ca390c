/*
 * mktext - writes the grep test's input on stdout: 10,000 lines of English-
 * like text (about 700 KB), exactly one line in each ten holding "gimp".
 * Deterministic: a fixed linear congruential generator, the same bytes on
 * every system.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define LINES 10000
#define BLOCK 10 /* one line in each block of BLOCK names gimp */

static const char *const words[] = {"the", "of", "and", "to", "in", "a", "is",
    "that", "for", "it", "as", "was", "with", "be", "by", "on", "not", "he",
    "this", "are", "or", "his", "from", "at", "which", "but", "have", "an",
    "had", "they", "you", "were", "their", "one", "all", "we", "can", "her",
    "has", "there", "been", "if", "more", "when", "will", "would", "who", "so",
    "no", "image", "layer", "brush", "filter", "window", "colour", "palette",
    "canvas", "pixel", "channel", "mask", "selection", "path", "gradient",
    "pattern", "opacity", "export", "import", "plugin", "script", "menu",
    "dialog", "toolbox", "scale", "rotate", "crop", "resize", "blur", "sharpen",
    "noise", "contrast", "levels", "curves", "histogram", "preview", "undo",
    "history", "document", "printer", "screen", "monitor", "profile", "format",
    "file", "folder", "archive", "network", "server", "client", "kernel",
    "driver", "module", "library", "compiler", "editor", "terminal", "shell",
    "command", "option", "setting", "version", "release", "update", "package",
    "install", "remove", "build", "test", "report", "error", "warning",
    "message", "system", "memory", "process", "thread", "signal", "queue",
    "buffer", "cache", "disk", "block", "sector", "partition", "volume",
    "backup", "restore", "user", "group", "account", "password", "session",
    "login", "mail", "letter", "reply", "forward", "subject", "weekly",
    "monday", "friday", "morning", "evening", "quickly", "slowly", "carefully",
    "often", "never", "always", "perhaps", "really", "simply", "large", "small",
    "bright", "dark", "red", "green", "blue", "yellow", "white", "black",
    "sharp", "soft", "clean", "broken", "fixed", "new", "old", "first", "last",
    "next", "previous", "whole", "partial", "open", "closed", "ready", "busy",
    "free", "used", "empty", "full"};

static uint32_t rng_state = 20261130u;

/* The next pseudo-random number in [0, n). */
static uint32_t
rng(uint32_t n)
{
	rng_state = rng_state * 1103515245u + 12345u;
	return (rng_state >> 8) % n;
}

/*
 * Writes one line of at least `target` (>= 36) characters; with `gimp` set,
 * one of its first four words is "gimp" (every line has four or more words,
 * as no word is longer than nine letters).
 */
static void
put_line(int target, int gimp)
{
	size_t nwords = sizeof(words) / sizeof(words[0]);
	int len = 0, n = 0, at = gimp ? (int)rng(4) : -1;
	const char *w;

	while (len < target) {
		w = n == at ? "gimp" : words[rng((uint32_t)nwords)];
		if (n > 0) {
			putchar(' ');
			len++;
		}
		fputs(w, stdout);
		len += (int)strlen(w);
		n++;
	}
	putchar(n % 7 == 0 ? '.' : ',');
	putchar('\n');
}

int
main(void)
{
	int line, gimp_line = 0;

	for (line = 0; line < LINES; line++) {
		if (line % BLOCK == 0)
			gimp_line = line + (int)rng(BLOCK);
		put_line(36 + (int)rng(60), line == gimp_line);
	}
	return fflush(stdout) == EOF || ferror(stdout) ? 1 : 0;
}
