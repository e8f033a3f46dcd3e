// What stays refused among the items of data clauses, each with a message
// naming the clause and the item.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s

namespace ns { extern double v[8]; }
struct Field {
  int n;
  double *data;
  double sum;
  int count;
};
Field make();

struct Object {
  double v[4];
  void enter() {
#pragma acc enter data copyin(this[0:2]) // expected-error {{'this[0:2]' in OpenACC clause 'copyin' is not a variable, a member or an array element: a data clause names memory by a variable, 'var.member', 'ptr->member', 'var[i]' or a section of one (no calls, casts or dereferences; the object 'this' points to is 'this' or 'this[0:1]')}}
#pragma acc enter data copyin(this[1:1]) // expected-error {{'this[1:1]' in OpenACC clause 'copyin' is not a variable}}
    // Members through the explicit `this` are items of data clauses
    // (e2e/data-this-arrow.cpp), not of the clauses that take variables.
    double s = 0;
#pragma acc parallel loop private(this->v) // expected-error {{'this->v' in OpenACC clause 'private': this clause takes variables, not members or array elements}}
    for (int i = 0; i < 4; ++i) v[i] = 0;
#pragma acc parallel loop reduction(+:this->v[0]) // expected-error {{'this->v[0]' in OpenACC clause 'reduction' is a member: OpenACC 3.3 does not allow a member of a composite variable as a reduction variable (2.5.15)}}
    for (int i = 0; i < 4; ++i) s += v[i];
#pragma acc enter data copyin(this->) // expected-error {{'this->' in OpenACC clause 'copyin' is not a variable, a member or an array element}}
#pragma acc enter data copyin(this->v[0:4])
  }
};

void errors(Field s, Field *p, double *a, int n) {
#pragma acc parallel loop copyin(make().data[0:n]) // expected-error {{'make().data[0:n]' in OpenACC clause 'copyin' is not a variable, a member or an array element: a data clause names memory by a variable, 'var.member', 'ptr->member', 'var[i]' or a section of one (no calls, casts or dereferences; the object 'this' points to is 'this' or 'this[0:1]')}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc enter data copyin((*p).data[0:n]) // expected-error {{'(*p).data[0:n]' in OpenACC clause 'copyin' is not a variable, a member or an array element}}
#pragma acc enter data create(*a) // expected-error {{'*a' in OpenACC clause 'create' is not a variable, a member or an array element}}
#pragma acc update self(ns::v[0:8]) // expected-error {{'ns::v' in OpenACC clause 'self': qualified names are not supported by Ferry yet; use a local reference (e.g. 'auto &v = ns::v;')}}
#pragma acc enter data copyin(s.) // expected-error {{'s.' in OpenACC clause 'copyin': expected a member name after '.' or '->'}}
#pragma acc enter data copyin(a[0:n][2]) // expected-error {{malformed array section in OpenACC clause 'copyin'}}
#pragma acc parallel loop private(s.sum) // expected-error {{'s.sum' in OpenACC clause 'private': this clause takes variables, not members or array elements; use a local variable (e.g. 'float *p = s.arr;')}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop reduction(+:s.sum) // expected-error {{'s.sum' in OpenACC clause 'reduction' is a member: OpenACC 3.3 does not allow a member of a composite variable as a reduction variable (2.5.15); reduce a local variable and assign the member after the loop}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop deviceptr(p->data) // expected-error {{'p->data' in OpenACC clause 'deviceptr': this clause takes variables, not members or array elements}}
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc host_data use_device(s.data) // expected-error {{'s.data' in OpenACC clause 'use_device': this clause takes variables, not members or array elements}}
  {}
#pragma acc declare copyin(s.n) // expected-error {{'s.n' in OpenACC clause 'copyin': this clause takes variables, not members or array elements}}
#pragma acc enter data attach(s.data[0:n]) // expected-error {{OpenACC 'attach' takes pointers (a variable or a member), not array sections}}
#pragma acc exit data delete(s) detach(p->data[0:1]) // expected-error {{OpenACC 'detach' takes pointers (a variable or a member), not array sections}}
#pragma acc update device(s.data) detach(s.data) // expected-error {{OpenACC clause 'detach' is not allowed on the 'update' construct}}
}

void notPointer(Field s) {
  // expected-error@*:* {{OpenACC 'attach' and 'detach' take pointers (a variable or a member)}}
  // expected-note@+1 {{in instantiation of function template specialization 'ferry::acc::attach_pointer<true, int>' requested here}}
#pragma acc enter data attach(s.count)
}
