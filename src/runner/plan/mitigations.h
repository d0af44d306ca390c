/* mitigations.h - the kernel's CPU vulnerability mitigations. */
#ifndef MITIGATIONS_H
#define MITIGATIONS_H

/*
 * The files in dir (Linux: /sys/devices/system/cpu/vulnerabilities) as
 * "name: state\n" lines by name, malloc'd; "" when none; NULL: no memory.
 */
char *sysinfo_mitigations_read(const char *dir);

/*
 * Those lines counted by class, the names of all but the unaffected ones
 * given: "2 vulnerable: mds, srbds; 3 mitigated: meltdown, spectre_v1,
 * spectre_v2; 14 not affected" ("other" for a state of none of these
 * words).  malloc'd, "" for no lines, NULL when out of memory.
 */
char *sysinfo_mitigations_summary(const char *lines);

#endif
