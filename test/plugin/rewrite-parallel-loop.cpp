// The plugin's `acc` handler is active under -E and rewrites a loop construct
// into a call of ferry::acc::parallel_loop with the body as a lambda.
// RUN: %ferry-clangxx -E %s | %FileCheck %s

void saxpy(int n, float a, const float *x, float *y) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
// CHECK-LABEL: void saxpy(
// CHECK-NOT:   #pragma acc
// CHECK:       using __ferry_index_t =int ;
// CHECK-SAME:  sizeof (x [0 ] )
// CHECK-SAME:  sizeof (y [0 ] )
// CHECK-SAME:  "rewrite-parallel-loop.cpp:6 parallel loop"
// CHECK-SAME:  :: ferry :: acc :: launch_options __ferry_options { } ;
// CHECK-SAME:  :: ferry :: acc :: parallel_loop < __ferry_index_t , :: ferry :: acc :: cmp :: lt , false > ( __ferry_region , __ferry_options , ( 0 ) , ( n ) , ( 1 ) , 1 ,
// Sectioned variables are captured as pointers by value (for implicit
// attach on a GPU), whole variables by reference.
// CHECK-SAME:  [ = , x = :: ferry :: acc :: section_base (x ) , y = :: ferry :: acc :: section_base (y ) ] ( __ferry_index_t i __attribute__ ( ( unused ) ) ) mutable -> void { do
// CHECK:       y[i] = a * x[i] + y[i]; while ( 0 ) ; } ) ; }

void down(long *v, long n) {
#pragma acc parallel loop reduction(max:n)
  for (long j = n - 1; j >= 0; j -= 2)
    n = v[j] > n ? v[j] : n;
}
// CHECK-LABEL: void down(
// CHECK:       cmp :: ge , false > ( __ferry_region , __ferry_options , ( n - 1 ) , ( 0 ) , ( 2 ) , - 1 ,
// CHECK-SAME:  reduce < :: ferry :: acc :: op :: max > (n )
// CHECK-SAME:  ( __ferry_index_t j __attribute__ ( ( unused ) ) , auto &n )

void queued(int n, int q, bool big, float *y) {
#pragma acc parallel loop copy(y[0:n]) if(big) async(q) wait(1, q + 1)
  for (int i = 0; i < n; ++i)
    y[i] += 1;
#pragma acc parallel loop copy(y[0:n]) async wait
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK-LABEL: void queued(
// CHECK:       __ferry_options . on_device = static_cast < bool > (big ) ;
// CHECK-SAME:  __ferry_options . async = :: ferry :: acc :: async_queue (q ) ;
// CHECK-SAME:  :: ferry :: acc :: wait_queues ( __ferry_options . async , {1{{ ?}}, q + 1 } ) ;
// CHECK-SAME:  cmp :: lt , true > ( __ferry_region , __ferry_options ,
// CHECK:       __ferry_options . async = :: ferry :: acc :: async_noval ;
// CHECK-SAME:  :: ferry :: acc :: wait_all_queues ( __ferry_options . async ) ;

void whole(int n, int &count, int (&table)[16]) {
#pragma acc parallel loop copy(count, table) copyin(table[0:4])
  for (int i = 0; i < 4; ++i)
    table[i] += count;
}
// CHECK-LABEL: void whole(
// CHECK:       [ = , & count ={{ ?}}count , table = :: ferry :: acc :: section_base ({{ ?}}table ) ]
