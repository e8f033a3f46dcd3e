/*===- ferry/acc/rows.h - Sections of arrays of pointers ---------------===*\
 *
 * Shared by <ferry/acc/acc.h> (C++) and <ferry/acc/acc_c.h> (C): what a
 * two-dimensional section of an array of pointers (`a[0:n][0:m]` of
 * `T **a`) becomes. Written in the C that C++ compiles too.
 *
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_ACC_ROWS_H
#define FERRY_ACC_ROWS_H

#include "../../openacc.h"
#include "../runtime.h"

/* Sections of rows reached through pointers, `a[lo:n][lo2:len2]` of
 * `T **a`: the construct's item for `a[lo:n]` maps the n pointers; each
 * row's section [a[lo + i] + lo2, len2 elements) is entered with the
 * clause's kind too, and the device copy of a[lo + i] is attached to it
 * (OpenACC's attach action), so that regions reach the rows through the
 * device's pointers. Nothing for rows that are arrays (`pointers` 0: one
 * block of memory, the item maps it all) or on the host. */
typedef struct ferry_acc_rows {
  const ferry_region *region;
  ferry_data_item *items;
  size_t count;
  int async;
} ferry_acc_rows;

static __inline__ ferry_acc_rows
ferry_acc_rows_enter(const ferry_region *r, int pointers, void *const *rows,
                     long long n, size_t offset, size_t bytes,
                     ferry_data_kind kind, const char *name, int on_device,
                     int async) {
  ferry_acc_rows s = {r, 0, 0, async};
  if (!pointers || !on_device || n <= 0 ||
      acc_get_device_type() == acc_device_host)
    return s;
  s.items =
      (ferry_data_item *)__builtin_calloc((size_t)n, sizeof(ferry_data_item));
  if (!s.items)
    ferry_region_abort(r,
                       "no host memory for the rows of an array of pointers");
  for (long long i = 0; i < n; ++i) {
    ferry_data_item *d = &s.items[i];
    d->host = rows[i] ? (const char *)rows[i] + offset : (const char *)0;
    d->bytes = rows[i] ? bytes : 0;
    d->kind = kind;
    d->name = name;
    d->base = rows[i];
    d->pointer = &rows[i];
  }
  s.count = (size_t)n;
  if (ferry_data_enter(r, s.items, s.count, s.async) != FERRY_SUCCESS)
    ferry_region_abort(r, 0); /* the runtime has said why */
  return s;
}

static __inline__ void ferry_acc_rows_exit(ferry_acc_rows *s) {
  if (!s->count)
    return;
  ferry_status st = ferry_data_exit(s->region, s->items, s->count, s->async);
  __builtin_free(s->items);
  if (st != FERRY_SUCCESS)
    ferry_region_abort(s->region, 0);
}

/* `enter data`, `exit data` and `update` of such rows (`action`: 0 copyin,
 * 1 create, 2 copyout, 3 delete, 4 update self, 5 update device). */
static __inline__ void ferry_acc_rows_data(int action, int pointers,
                                       void *const *rows, long long n,
                                       size_t offset, size_t bytes,
                                       int finalize, int async) {
  if (!pointers || acc_get_device_type() == acc_device_host)
    return;
  for (long long i = 0; i < n; ++i) {
    if (!rows[i])
      continue;
    void *row = (char *)rows[i] + offset;
    switch (action) {
    case 0:
    case 1:
      if (action == 0)
        acc_copyin_async(row, bytes, async);
      else
        acc_create_async(row, bytes, async);
      ferry_attach(&rows[i], async);
      break;
    case 2:
    case 3:
      ferry_detach(&rows[i], finalize, async);
      if (action == 2 && finalize)
        acc_copyout_finalize_async(row, bytes, async);
      else if (action == 2)
        acc_copyout_async(row, bytes, async);
      else if (finalize)
        acc_delete_finalize_async(row, bytes, async);
      else
        acc_delete_async(row, bytes, async);
      break;
    case 4:
      acc_update_self_async(row, bytes, async);
      break;
    default:
      acc_update_device_async(row, bytes, async);
      break;
    }
  }
}

#endif /* FERRY_ACC_ROWS_H */
