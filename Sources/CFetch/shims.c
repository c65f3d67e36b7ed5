#include "CFetch.h"

CURLcode fx_curl_set_long(CURL *handle, CURLoption option, long value) { return curl_easy_setopt(handle, option, value); }
CURLcode fx_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) { return curl_easy_setopt(handle, option, value); }
CURLcode fx_curl_set_pointer(CURL *handle, CURLoption option, const void *value) { return curl_easy_setopt(handle, option, value); }
CURLcode fx_curl_set_data_callback(CURL *handle, CURLoption option, fx_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
CURLcode fx_curl_get_long(CURL *handle, CURLINFO info, long *value) { return curl_easy_getinfo(handle, info, value); }
CURLcode fx_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) { return curl_easy_getinfo(handle, info, value); }
CURLcode fx_curl_get_string(CURL *handle, CURLINFO info, char **value) { return curl_easy_getinfo(handle, info, value); }

int fx_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -MAX_WBITS); }
int fx_deflate_init(z_stream *stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY);
}
