/*
 * html_style.h - the style sheet write_html.c puts in the page's <head>.
 */
#ifndef HTML_STYLE_H
#define HTML_STYLE_H

extern const char html_style[];

#endif
