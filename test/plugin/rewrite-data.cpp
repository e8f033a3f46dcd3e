// The structured data construct becomes a block with the region constant,
// the clauses as ferry_data_item[] and a data_scope that enters them now and
// leaves them when the block ends; compute constructs get the same items.
// RUN: %ferry-clangxx -E %s | %FileCheck %s

void step(int n, float *a, float *b, float s) {
#pragma acc data copy(a[1:n-1]) copyin(b[:n], s) if(n > 64)
  {
#pragma acc parallel loop present(a[1:n-1]) copyout(b[0:n])
    for (int i = 1; i < n; ++i)
      b[i] = a[i] * s;
  }
}
// CHECK-LABEL: void step(
// CHECK-NOT:   #pragma acc
// CHECK:       { static const :: ferry_region __ferry_region = { "rewrite-data.cpp:7 data"
// CHECK-SAME:  __ferry_options . on_device = static_cast < bool > (n > 64 ) ;
// CHECK-SAME:  :: ferry_data_item __ferry_data [ ] = { { ( const void * ) & (a ) [1 ] , sizeof ( (a ) [ 0 ] ) * ( size_t ) (n-1 ) , :: ferry :: acc :: writable_kind ( FERRY_DATA_COPY , & (a ) [ 0 ] ) , 0 , "a[1:n-1]" , 0 , ( const void * ) :: ferry :: acc :: section_base (a ) , :: ferry :: acc :: attach_address (a ) , 0 }
// CHECK-SAME:  , { ( const void * ) & (b ) [ 0 ] , sizeof ( (b ) [ 0 ] ) * ( size_t ) (n ) , FERRY_DATA_COPYIN , 0 , "b[:n]" , 0 , ( const void * ) :: ferry :: acc :: section_base (b ) , :: ferry :: acc :: attach_address (b ) , 0 }
// CHECK-SAME:  , { ( const void * ) & ( s ) , sizeof ( s ) , FERRY_DATA_COPYIN , 0 , "s" , 0 , 0 , 0 , 0 } } ;
// CHECK-SAME:  :: ferry :: acc :: data_scope __ferry_data_scope ( __ferry_region , __ferry_data , 3u , __ferry_options ) ;
// CHECK:       FERRY_DATA_PRESENT , 0 , "a[1:n-1]"
// CHECK-SAME:  :: ferry :: acc :: writable_kind ( FERRY_DATA_COPYOUT , & (b ) [ 0 ] ) , 0 , "b[0:n]"
// CHECK-SAME:  data_scope __ferry_data_scope ( __ferry_region , __ferry_data , 2u , __ferry_options ) ;
// CHECK-SAME:  parallel_loop
