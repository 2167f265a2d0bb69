// PDF pages through poppler-glib and cairo; what each call does: include/cvd_pdf.h.
#include "cvd_pdf.h"

#include <cairo.h>
#include <poppler.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cvd_pdf {
    PopplerDocument *document;
};

// poppler-glib reports what goes wrong while it reads or draws a document through GLib's
// log, domain "Poppler", level INFO ("Syntax error at position 209: Illegal character
// '>'"): silent by default. A handler of our own counts them, on the thread that draws
// (`render` resets the count before it draws and reads it after), and keeps the first.
// "Syntax warning"s are not counted: by poppler's own description they leave the output
// correct. Anything else in the domain (a g_return_if_fail's CRITICAL) goes on to GLib's
// default handler.
static _Thread_local int drawing_errors;
static _Thread_local char first_error[256];

static void count_error(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    if ((level & G_LOG_LEVEL_MASK) != G_LOG_LEVEL_INFO) {
        g_log_default_handler(domain, level, message, data);
        return;
    }
    if (message == NULL || strncmp(message, "Syntax warning", strlen("Syntax warning")) == 0) return;
    if (drawing_errors++ == 0) snprintf(first_error, sizeof first_error, "%s", message);
}

static pthread_once_t handler_once = PTHREAD_ONCE_INIT;

static void install_handler(void) {
    g_log_set_handler("Poppler", G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, count_error, NULL);
}

cvd_pdf *cvd_pdf_open(const uint8_t *bytes, size_t count, int *problem, char *message, size_t message_len) {
    pthread_once(&handler_once, install_handler);
    if (message_len > 0) message[0] = 0;
    // The copy with malloc, which says when memory cannot be had (g_malloc would abort the
    // process); GBytes frees it with the document.
    void *copy = malloc(count > 0 ? count : 1);
    if (copy == NULL) {
        *problem = CVD_PDF_NO_MEMORY;
        return NULL;
    }
    memcpy(copy, bytes, count);
    GBytes *data = g_bytes_new_with_free_func(copy, count, free, copy);
    GError *error = NULL;
    PopplerDocument *document = poppler_document_new_from_bytes(data, NULL, &error);
    // The document holds its own reference to the bytes while it lives.
    g_bytes_unref(data);
    if (document == NULL) {
        *problem = CVD_PDF_OTHER;
        if (error != NULL && error->domain == POPPLER_ERROR) {
            if (error->code == POPPLER_ERROR_ENCRYPTED) *problem = CVD_PDF_ENCRYPTED;
            if (error->code == POPPLER_ERROR_DAMAGED || error->code == POPPLER_ERROR_BAD_CATALOG) {
                *problem = CVD_PDF_DAMAGED;
            }
        }
        if (message_len > 0) snprintf(message, message_len, "%s", error != NULL ? error->message : "no details");
        if (error != NULL) g_error_free(error);
        return NULL;
    }
    cvd_pdf *pdf = g_new0(cvd_pdf, 1);
    pdf->document = document;
    return pdf;
}

int cvd_pdf_page_count(const cvd_pdf *pdf) { return poppler_document_get_n_pages(pdf->document); }

int cvd_pdf_page_size(cvd_pdf *pdf, int index, double *width, double *height) {
    if (index < 0 || index >= poppler_document_get_n_pages(pdf->document)) return -1;
    PopplerPage *page = poppler_document_get_page(pdf->document, index);
    if (page == NULL) return -1;
    poppler_page_get_size(page, width, height);
    g_object_unref(page);
    return 0;
}

int cvd_pdf_render(cvd_pdf *pdf, int index, double scale, uint8_t *rgba, int width, int height, char *message,
                   size_t message_len) {
    if (message_len > 0) message[0] = 0;
    if (index < 0 || index >= poppler_document_get_n_pages(pdf->document)) return -1;
    PopplerPage *page = poppler_document_get_page(pdf->document, index);
    if (page == NULL) return -1;
    // cairo draws straight into the caller's buffer: ARGB32 is 4 bytes a pixel, and its
    // stride for any width is width × 4 (checked, not assumed), so the rows are the
    // caller's tightly packed rows.
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width);
    if (stride != width * 4) {
        g_object_unref(page);
        if (message_len > 0) snprintf(message, message_len, "cairo cannot draw a page %d pixels wide", width);
        return -2;
    }
    cairo_surface_t *surface = cairo_image_surface_create_for_data(rgba, CAIRO_FORMAT_ARGB32, width, height, stride);
    cairo_t *cr = cairo_create(surface);
    // White paper first, as a PDF viewer shows a page: the page is drawn on it (its blend
    // modes and transparency against white, as printed), and every pixel ends opaque.
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, scale, scale);
    drawing_errors = 0;
    first_error[0] = 0;
    poppler_page_render_for_printing(page, cr);
    int errors = drawing_errors;
    cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    g_object_unref(page);
    if (status != CAIRO_STATUS_SUCCESS) {
        if (message_len > 0) snprintf(message, message_len, "%s", cairo_status_to_string(status));
        return -2;
    }
    // ARGB32 is a native-endian 32-bit word per pixel, premultiplied, alpha 255 here (drawn
    // on opaque white): its channels are the colour. Rewritten in place as R, G, B, A bytes.
    // (memcpy: the buffer need not be aligned for a 32-bit load.)
    size_t pixels = (size_t)width * (size_t)height;
    for (size_t i = 0; i < pixels; i++) {
        uint8_t *p = rgba + 4 * i;
        uint32_t w;
        memcpy(&w, p, 4);
        p[0] = (uint8_t)(w >> 16);
        p[1] = (uint8_t)(w >> 8);
        p[2] = (uint8_t)w;
        p[3] = 255;
    }
    if (errors > 0 && message_len > 0) snprintf(message, message_len, "%s", first_error);
    return errors;
}

void cvd_pdf_close(cvd_pdf *pdf) {
    if (pdf == NULL) return;
    g_object_unref(pdf->document);
    g_free(pdf);
}
