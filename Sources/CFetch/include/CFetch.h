#ifndef FX_CFETCH_H
#define FX_CFETCH_H

// What Swift cannot call itself in libcurl and zlib: curl_easy_setopt and curl_easy_getinfo are
// variadic, and inflateInit2 is a macro. Each wrapper passes its typed argument on unchanged.

#include <curl/curl.h>
#include <zlib.h>

CURLcode fx_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode fx_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode fx_curl_set_pointer(CURL *handle, CURLoption option, const void *value);
typedef size_t (*fx_curl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode fx_curl_set_data_callback(CURL *handle, CURLoption option, fx_curl_data_callback callback);
CURLcode fx_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode fx_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode fx_curl_get_string(CURL *handle, CURLINFO info, char **value);

// A raw deflate stream (no zlib or gzip header), as zip entries hold.
int fx_inflate_init_raw(z_stream *stream);
// A deflate stream for the tests' compressed bodies: raw (windowBits -15) or gzip (31).
int fx_deflate_init(z_stream *stream, int level, int windowBits);

#endif
