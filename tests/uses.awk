# uses.awk - what the C files named on the command line call of each other.
# A file uses another when its text (comments and strings left out) names a
# function the other defines (a definition: a line "name(" at column 0 of
# a .c file, not static, the return type on the line before).  With
# -v mode=circle it prints "circle: A B ..." for each group of two or more
# files that use each other, directly or through a chain, and one line
# "  A -> B: NAME" per use inside the group; with -v mode=decl and
# -v order="LAYERS", lowest first, one line "H: declares NAME(), defined in
# F above it" for each header of src/lib or of a layer that names a
# function defined in a higher layer (main.c is above every layer).
function rank_of(f,   p, n) {
	n = split(f, p, "/")
	if (f ~ /(^|\/)lib\//) return 0
	if (p[n] == "main.c") return nlay + 1
	return (p[n - 1] in rank) ? rank[p[n - 1]] : -1
}
BEGIN { nlay = split(order, o, " "); for (i = 1; i <= nlay; i++) rank[o[i]] = i }
FNR == 1 { incom = 0; prev = "" }
{
	line = $0; out = ""
	while (length(line)) {
		if (incom) {
			j = index(line, "*/")
			if (!j) break
			line = substr(line, j + 2); incom = 0; continue
		}
		if (!match(line, /\/\*|\/\/|"([^"\\]|\\.)*"|'([^'\\]|\\.)*'/)) {
			out = out line; break
		}
		out = out substr(line, 1, RSTART - 1) " "
		t = substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		if (t == "/*") incom = 1
		else if (t == "//") break
	}
	text[FILENAME] = text[FILENAME] "\n" out
	if (FILENAME ~ /\.c$/ && out ~ /^[a-z_][a-z0-9_]*\(/ && out !~ /;[[:space:]]*$/ &&
	    prev !~ /^static/ && prev !~ /^#/) {
		name = out; sub(/\(.*/, "", name)
		def[name] = FILENAME
	}
	if (out ~ /[^[:space:]]/) prev = out
}
END {
	for (f in text) {
		s = text[f]
		while (match(s, /[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\(/)) {
			n = substr(s, RSTART, RLENGTH); sub(/[[:space:]]*\($/, "", n)
			s = substr(s, RSTART + RLENGTH)
			if (!(n in def) || ((f, n) in said)) continue
			said[f, n] = 1
			if (mode == "decl" && f ~ /\.h$/ && rank_of(f) >= 0 &&
			    rank_of(def[n]) > rank_of(f))
				printf "%s: declares %s(), defined in %s above it\n", f, n, def[n]
			if (f ~ /\.c$/ && f != def[n] && !((f, def[n]) in edge)) {
				edge[f, def[n]] = n
				adj[f] = adj[f] " " def[n]
			}
		}
	}
	if (mode == "circle")
		circles()
}
# circles: the files each file reaches, then the groups that reach each other.
function circles(   x, y, q, h, t, m, c, w, i, j, seen, g, p, n, tmp) {
	for (x in adj) {
		split("", seen); m = split(adj[x], q, " "); h = 1; t = m
		for (i = 1; i <= m; i++) seen[q[i]] = 1
		while (h <= t) {
			y = q[h++]; reach[x, y] = 1
			c = split(adj[y], w, " ")
			for (i = 1; i <= c; i++)
				if (!(w[i] in seen)) { seen[w[i]] = 1; q[++t] = w[i] }
		}
	}
	for (x in adj) {
		if (x in done) continue
		g = x
		for (y in adj)
			if (y != x && ((x, y) in reach) && ((y, x) in reach)) { g = g " " y; done[y] = 1 }
		n = split(g, p, " ")
		if (n < 2) continue
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && p[j] < p[j - 1]; j--) { tmp = p[j]; p[j] = p[j - 1]; p[j - 1] = tmp }
		printf "circle:"
		for (i = 1; i <= n; i++) printf " %s", p[i]
		printf "\n"
		for (i = 1; i <= n; i++)
			for (j = 1; j <= n; j++)
				if ((p[i], p[j]) in edge) printf "  %s -> %s: %s\n", p[i], p[j], edge[p[i], p[j]]
	}
}
