// Members and array elements in data clauses: the item's object is the
// member (`s.data`, `p->x`, `parts[i].pos`), a trailing subscript is a
// one-element section, the struct a member belongs to gets an implicit
// `copy` put first, and a section of a pointer carries the pointer's address
// for the attach action.
// RUN: %ferry-clangxx -E %s | %FileCheck %s

struct Field {
  int n;
  double *data;
  double arr[8];
};
struct Particle {
  double *pos;
};

void members(Field s, Field *p, Particle *parts, double *list, int i) {
#pragma acc parallel loop copyin(s.data[0:s.n]) copy(p->data[1:p->n], s.arr[2:5])
  for (int j = 0; j < 4; ++j)
    s.data[j] = p->data[j];
#pragma acc enter data copyin(parts[i].pos[0:3], list[i]) attach(p->data)
#pragma acc exit data copyout(parts[i].pos[0:3]) detach(p->data) finalize
#pragma acc update self(s.data[0:s.n], s.n)
}
// CHECK-LABEL: void members(
// CHECK-NOT:   #pragma acc
// CHECK:       :: ferry_data_item __ferry_data [ ] = { { ( const void * ) & (s ) , sizeof (s ) , :: ferry :: acc :: writable_kind ( FERRY_DATA_IMPLICIT_WHOLE , & (s ) ) , 0 , "s" , 0 , 0 , 0 , 0 }
// CHECK-SAME:  , { ( const void * ) & (p ) [ 0 ] , sizeof ( (p ) [ 0 ] ) * ( size_t ) ( 1u ) , :: ferry :: acc :: writable_kind ( FERRY_DATA_IMPLICIT_WHOLE , & (p ) [ 0 ] ) , 0 , "p[:1u]" , 0 , ( const void * ) :: ferry :: acc :: section_base (p ) , :: ferry :: acc :: attach_address (p ) , 0 }
// CHECK-SAME:  , { ( const void * ) & (s.data ) [0 ] , sizeof ( (s.data ) [ 0 ] ) * ( size_t ) (s.n ) , FERRY_DATA_COPYIN , 0 , "s.data[0:s.n]" , 0 , ( const void * ) :: ferry :: acc :: section_base (s.data ) , :: ferry :: acc :: attach_address (s.data ) , 0 }
// CHECK-SAME:  :: ferry :: acc :: writable_kind ( FERRY_DATA_COPY , & (p->data ) [ 0 ] ) , 0 , "p->data[1:p->n]" , 0 , ( const void * ) :: ferry :: acc :: section_base (p->data ) , :: ferry :: acc :: attach_address (p->data ) , 0 }
// CHECK-SAME:  :: ferry :: acc :: writable_kind ( FERRY_DATA_COPY , & ( s.arr ) [ 0 ] ) , 0 , "s.arr[2:5]"
// CHECK-SAME:  data_scope __ferry_data_scope ( __ferry_region , __ferry_data , 5u , __ferry_options ) ;
// CHECK-SAME:  [ = , & s =s , p = :: ferry :: acc :: section_base (p ) ]
// CHECK:       ferry_data_directive ( & __ferry_region , FERRY_DIRECTIVE_COPYIN , 0 , ( void * ) & (parts[i].pos ) [0 ] , sizeof ( (parts[i].pos ) [ 0 ] ) * ( size_t ) (3 ) , __ferry_options . async , "parts[i].pos[0:3]" ) ;
// CHECK-SAME:  ferry_data_directive ( & __ferry_region , FERRY_DIRECTIVE_COPYIN , 0 , ( void * ) & ( list ) [i ] , sizeof ( ( list ) [ 0 ] ) * ( size_t ) ( 1u ) , __ferry_options . async , "list[i:1u]" ) ;
// CHECK-SAME:  :: ferry :: acc :: attach_pointer < false > (parts[i].pos , __ferry_options . async ) ;
// CHECK-SAME:  :: ferry :: acc :: attach_pointer < false > ( list , __ferry_options . async ) ;
// CHECK-SAME:  :: ferry :: acc :: attach_pointer < true > (p->data , __ferry_options . async ) ;
// CHECK:       :: ferry :: acc :: detach_pointer < false > (parts[i].pos , true , __ferry_options . async ) ;
// CHECK-SAME:  :: ferry :: acc :: detach_pointer < true > (p->data , true , __ferry_options . async ) ;
// CHECK-SAME:  ferry_data_directive ( & __ferry_region , FERRY_DIRECTIVE_COPYOUT , FERRY_DIRECTIVE_FINALIZE , ( void * ) & (parts[i].pos ) [0 ]
// CHECK:       ferry_data_directive ( & __ferry_region , FERRY_DIRECTIVE_UPDATE_SELF , 0 , ( void * ) & (s.data ) [0 ]
// CHECK-SAME:  ferry_data_directive ( & __ferry_region , FERRY_DIRECTIVE_UPDATE_SELF , 0 , ( void * ) & ( s.n ) , sizeof ( s.n ) , __ferry_options . async , "s.n" ) ;
