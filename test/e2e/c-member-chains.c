/* Member chains through pointers past their root in data clauses:
   `s->atoms->px[0:n]`, `sim.atoms->px[0:n]`, three levels, elements of
   arrays reached through pointers (`s->list[k].px[0:n]`, sweep 11 F7). The
   structs the chain reaches (`*s`, `*s->atoms`, `s->list[k]`) get implicit
   copies entered outermost first, so each pointer along the chain is attached in the device copy of
   the struct before it (OpenACC sweep 11 F1, CoMD-OpenACC's
   `present(s->atoms->px[0:n])` after `enter data copyin(s->atoms->px[0:n])`:
   the region read the host's `s->atoms` and its updates were lost on GPUs).
   After each construct the host's pointers are the host's again.
   RUN: %ferry-clang -std=c11 -O2 %s -o %t
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
   RUN: env FERRY_EMU_CHECK=1 %emu-gfx1100 %run %t 2>&1 | %count 0
   RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
   RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
*/
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *px, *fx;
} Atoms;
typedef struct {
  Atoms *atoms;
  Atoms *list;
  int n;
} Sim;
typedef struct {
  Sim *sim;
  int steps;
} Box;

static int bad = 0;
static void expect(int ok, const char *what) {
  if (!ok) {
    printf("member chains: %s\n", what);
    ++bad;
  }
}

/* CoMD's step: the arrays entered by the caller, the structs never. */
static void step(Sim *s, float dt) {
  int n = s->n;
#pragma acc parallel loop present(s->atoms->px[0:n], s->atoms->fx[0:n])
  for (int i = 0; i < n; i++)
    s->atoms->px[i] += dt * s->atoms->fx[i];
}

int main(void) {
  const int n = 1000;
  Sim sim;
  Sim *s = &sim;
  Atoms *atoms = (Atoms *)malloc(sizeof(Atoms));
  float *px = (float *)malloc(n * sizeof(float)), *fx = (float *)malloc(n * sizeof(float));
  s->n = n;
  s->atoms = atoms;
  atoms->px = px;
  atoms->fx = fx;
  for (int i = 0; i < n; i++) {
    px[i] = 0;
    fx[i] = 1;
  }
#pragma acc enter data copyin(s->atoms->px[0:n], s->atoms->fx[0:n])
  for (int t = 0; t < 3; t++)
    step(s, 1.0f);
#pragma acc exit data copyout(s->atoms->px[0:n]) delete(s->atoms->fx[0:n])
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += px[i];
  expect(sum == 3.0 * n, "present(s->atoms->px[0:n]) after enter data");

  /* On the construct itself, through a pointer and through the struct. */
#pragma acc parallel loop copy(s->atoms->px[0:n])
  for (int i = 0; i < n; i++)
    s->atoms->px[i] += 1;
#pragma acc parallel loop copy(sim.atoms->px[0:n]) copyin(sim.atoms->fx[0:n])
  for (int i = 0; i < n; i++)
    sim.atoms->px[i] += 2 * sim.atoms->fx[i];
  expect(px[0] == 6 && px[n - 1] == 6, "copy(s->atoms->px[0:n]), copy(sim.atoms->px[0:n])");
  expect(sim.atoms == atoms && atoms->px == px && atoms->fx == fx,
         "the host's pointers after the constructs");

  /* Three levels, in a data construct around two regions. */
  Box box = {s, 2};
  Box *b = &box;
#pragma acc data copy(b->sim->atoms->px[0:n])
  {
    for (int t = 0; t < b->steps; t++) {
#pragma acc parallel loop present(b->sim->atoms->px[0:n])
      for (int i = 0; i < n; i++)
        b->sim->atoms->px[i] *= 2;
    }
  }
  expect(px[0] == 24 && px[n / 2] == 24, "copy(b->sim->atoms->px[0:n]) in a data construct");
  expect(box.sim == s && sim.atoms == atoms && atoms->px == px, "the host's pointers after the data");

  /* Elements of an array of structs reached through a pointer member. */
  Atoms list[2] = {{px, fx}, {fx, px}};
  sim.list = list;
  int k = 1;
#pragma acc parallel loop copy(s->list[k].px[0:n])
  for (int i = 0; i < n; i++)
    s->list[k].px[i] = 5; /* fx */
#pragma acc parallel loop copy(sim.list[0].px[0:n])
  for (int i = 0; i < n; i++)
    sim.list[0].px[i] += 1; /* px */
  expect(fx[0] == 5 && fx[n - 1] == 5 && px[0] == 25 && px[n - 1] == 25,
         "copy(s->list[k].px[0:n]), copy(sim.list[0].px[0:n])");
  expect(sim.list == list && list[1].px == fx, "the host's pointers after the elements");
  free(px);
  free(fx);
  free(atoms);
  return bad != 0;
}
