// MPI + OpenACC: a 2-D Jacobi stencil decomposed by rows over the ranks, one
// rank per device (the device chosen from the rank's number on its node).
// Each rank keeps its rows and two halo rows on its device for the whole run;
// every step exchanges the halo rows with the neighbouring ranks, then
// sweeps. Three ways to exchange halos (--halo):
//   update  `update host` of the boundary rows, MPI on host memory, `update
//           device` of the halo rows (any MPI);
//   device  `host_data use_device`: MPI reads and writes device memory
//           directly (needs a GPU-aware MPI on a GPU whose memory the host
//           cannot address; the program says so and stops otherwise, unless
//           --trust-mpi: then a non-GPU-aware MPI faults on the device
//           address and Ferry's runtime names the access);
//   overlap as update, on async queue 2 while the interior rows are swept on
//           queue 1; the two rows next to the halos are swept after it.
// Rank 0 gathers the grid; every cell is computed by the same operations for
// any number of ranks, so the checksum is the same bit for bit. --check also
// compares the grid with a sequential sweep on the host.
//   mpirun -np 4 ./stencil --nx 512 --ny 512 --steps 200 --halo overlap --check
#include <mpi.h>
#include <openacc.h>
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h> // MPIX_Query_cuda_support
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Options {
  int NX = 256, NY = 256, Steps = 100;
  std::string Halo = "update";
  bool Check = false, Time = false, TrustMpi = false;
};

bool parse(int argc, char **argv, Options &O) {
  for (int I = 1; I < argc; ++I) {
    const std::string A = argv[I];
    const char *Value = I + 1 < argc ? argv[I + 1] : nullptr;
    if ((A == "--nx" || A == "--ny" || A == "--steps") && Value) {
      (A == "--nx" ? O.NX : A == "--ny" ? O.NY : O.Steps) = std::atoi(Value);
      ++I;
    } else if (A == "--halo" && Value) {
      O.Halo = Value;
      ++I;
    } else if (A == "--check") {
      O.Check = true;
    } else if (A == "--time") {
      O.Time = true;
    } else if (A == "--trust-mpi") {
      O.TrustMpi = true;
    } else {
      return false;
    }
  }
  return O.NX >= 3 && O.NY >= 3 && O.Steps >= 0 &&
         (O.Halo == "update" || O.Halo == "device" || O.Halo == "overlap");
}

/// The fixed values on the grid's edges and the initial interior: a function
/// of the global position only, so that every decomposition starts alike.
double initial(int Row, int Col, int NX, int NY) {
  if (Row == 0)
    return 1.0 + 0.125 * (Col % 8);
  if (Row == NY - 1)
    return 0.5;
  if (Col == 0 || Col == NX - 1)
    return 0.25 * (Row % 4);
  return 0.0;
}

/// Sweeps rows [First, Last] of the local grid (row 0 and Rows + 1 are halos).
void sweep(const double *u, double *unew, int NX, int Rows, int First, int Last, int Queue) {
  const size_t Cells = size_t(Rows + 2) * NX;
#pragma acc parallel loop collapse(2) present(u[0:Cells], unew[0:Cells]) async(Queue)
  for (int i = First; i <= Last; ++i)
    for (int j = 1; j < NX - 1; ++j)
      unew[size_t(i) * NX + j] = 0.25 * (u[size_t(i - 1) * NX + j] + u[size_t(i + 1) * NX + j] +
                                         u[size_t(i) * NX + j - 1] + u[size_t(i) * NX + j + 1]);
}

/// Whether MPI can be handed the addresses `host_data use_device` gives on
/// this device; else the reason, for the message.
bool mpiTakesDeviceAddresses(std::string &Why) {
  const acc_device_t Type = acc_get_device_type();
  if (Type == acc_device_host)
    return true;
  const int Device = acc_get_device_num(Type);
  const char *Driver = acc_get_property_string(Device, Type, acc_property_driver);
  // The emulated AMD device's memory is host memory: any MPI can use it.
  if (Driver && std::strstr(Driver, "ferry-emu"))
    return true;
  if (Type == acc_device_nvidia) {
    // Open MPI's <mpi-ext.h> defines MPIX_CUDA_AWARE_SUPPORT as 1 or 0.
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    if (MPIX_Query_cuda_support() == 1)
      return true;
    Why = "this MPI library was built with CUDA support, but it is off at run time "
          "(MPIX_Query_cuda_support() is 0)";
#else
    Why = "this MPI library is not CUDA-aware (built without CUDA support)";
#endif
    return false;
  }
#if defined(MPIX_ROCM_AWARE_SUPPORT) && MPIX_ROCM_AWARE_SUPPORT
  if (MPIX_Query_rocm_support() == 1)
    return true;
#endif
  Why = "this MPI library is not ROCm-aware";
  return false;
}

/// One device per rank of a node: the rank's number among the node's ranks.
void selectDevice(int Rank) {
  MPI_Comm Node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, Rank, MPI_INFO_NULL, &Node);
  int Local;
  MPI_Comm_rank(Node, &Local);
  MPI_Comm_free(&Node);
  const acc_device_t Type = acc_get_device_type();
  const int Devices = acc_get_num_devices(Type);
  if (Type != acc_device_host && Devices > 0)
    acc_set_device_num(Local % Devices, Type);
}

/// Rows 1 .. \p Inner of the grid over \p Size ranks: rank r computes
/// \p Counts[r] rows from row \p Firsts[r] on.
void decompose(int Inner, int Size, std::vector<int> &Counts, std::vector<int> &Firsts) {
  Counts.resize(Size);
  Firsts.resize(Size);
  for (int R = 0, Next = 1; R < Size; ++R) {
    Counts[R] = Inner / Size + (R < Inner % Size);
    Firsts[R] = Next;
    Next += Counts[R];
  }
}

/// One step on a rank's rows (\p u and \p unew present on the device):
/// the halo rows from the neighbours \p up and \p down, then the sweep of
/// \p rows rows into \p unew, done when it returns.
void advance(double *u, double *unew, int NX, int rows, int up, int down,
             const std::string &Halo) {
  double *top = u + NX, *bottom = u + size_t(rows) * NX; // owned rows sent
  double *above = u, *below = u + size_t(rows + 1) * NX; // halo rows received
  if (Halo == "device") {
#pragma acc host_data use_device(u)
    {
      double *dtop = u + NX, *dbottom = u + size_t(rows) * NX;
      double *dabove = u, *dbelow = u + size_t(rows + 1) * NX;
      MPI_Sendrecv(dtop, NX, MPI_DOUBLE, up, 0, dbelow, NX, MPI_DOUBLE, down, 0, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      MPI_Sendrecv(dbottom, NX, MPI_DOUBLE, down, 1, dabove, NX, MPI_DOUBLE, up, 1,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    sweep(u, unew, NX, rows, 1, rows, 1);
#pragma acc wait(1)
  } else {
    const bool overlap = Halo == "overlap" && rows > 2;
    const int halo = overlap ? 2 : 1;
#pragma acc update host(top[0:NX], bottom[0:NX]) async(halo)
    if (overlap)
      sweep(u, unew, NX, rows, 2, rows - 1, 1); // needs no halo
#pragma acc wait(halo)
    MPI_Sendrecv(top, NX, MPI_DOUBLE, up, 0, below, NX, MPI_DOUBLE, down, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(bottom, NX, MPI_DOUBLE, down, 1, above, NX, MPI_DOUBLE, up, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
#pragma acc update device(above[0:NX], below[0:NX]) async(halo)
    if (overlap) {
      sweep(u, unew, NX, rows, 1, 1, halo);
      sweep(u, unew, NX, rows, rows, rows, halo);
    } else {
      sweep(u, unew, NX, rows, 1, rows, halo);
    }
#pragma acc wait
  }
}

/// The cells of \p Grid (the computed rows, gathered) that differ from the
/// same sweeps run sequentially on the host.
size_t differencesFromSequential(const Options &O, const std::vector<double> &Grid) {
  const int NX = O.NX;
  std::vector<double> a(size_t(O.NY) * NX), b;
  for (int i = 0; i < O.NY; ++i)
    for (int j = 0; j < NX; ++j)
      a[size_t(i) * NX + j] = initial(i, j, NX, O.NY);
  b = a;
  for (int step = 0; step < O.Steps; ++step) {
    for (int i = 1; i < O.NY - 1; ++i)
      for (int j = 1; j < NX - 1; ++j)
        b[size_t(i) * NX + j] = 0.25 * (a[size_t(i - 1) * NX + j] + a[size_t(i + 1) * NX + j] +
                                        a[size_t(i) * NX + j - 1] + a[size_t(i) * NX + j + 1]);
    std::swap(a, b);
  }
  size_t Wrong = 0;
  for (size_t c = 0; c < Grid.size(); ++c)
    Wrong += Grid[c] != a[NX + c];
  return Wrong;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  Options O;
  if (!parse(argc, argv, O)) {
    if (rank == 0)
      std::fprintf(stderr, "usage: stencil [--nx N] [--ny N] [--steps N] "
                           "[--halo update|device|overlap] [--check] [--time] [--trust-mpi]\n");
    MPI_Finalize();
    return 2;
  }

  selectDevice(rank);

  std::string why;
  if (O.Halo == "device" && !O.TrustMpi && !mpiTakesDeviceAddresses(why)) {
    if (rank == 0)
      std::fprintf(stderr,
                   "stencil: --halo device hands device addresses to MPI, but %s; use "
                   "--halo update or overlap, or a GPU-aware MPI\n",
                   why.c_str());
    MPI_Finalize();
    return 3;
  }

  // Rows 1 .. NY-2 are computed; rank r owns a contiguous block of them.
  const int inner = O.NY - 2;
  std::vector<int> counts, firsts;
  decompose(inner, size, counts, firsts);
  const int rows = counts[rank], first = firsts[rank];
  if (rows == 0) {
    if (rank == 0)
      std::fprintf(stderr, "stencil: %d ranks for %d rows\n", size, inner);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int NX = O.NX;
  const size_t cells = size_t(rows + 2) * NX;
  std::vector<double> uv(cells), vv(cells);
  double *u = uv.data(), *unew = vv.data();
  for (int i = 0; i < rows + 2; ++i)
    for (int j = 0; j < NX; ++j)
      u[size_t(i) * NX + j] = unew[size_t(i) * NX + j] = initial(first - 1 + i, j, NX, O.NY);
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int down = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;

  double seconds = 0; // the steps alone, without the copies in and out
#pragma acc data copy(u[0:cells], unew[0:cells])
  {
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    for (int step = 0; step < O.Steps; ++step) {
      advance(u, unew, NX, rows, up, down, O.Halo);
      std::swap(u, unew);
    }
    seconds = MPI_Wtime() - start;
  }
  double slowest;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  // Rank 0 gathers the computed rows in order.
  std::vector<double> grid;
  std::vector<int> cellCounts(size), offsets(size);
  for (int r = 0; r < size; ++r) {
    cellCounts[r] = counts[r] * NX;
    offsets[r] = (firsts[r] - 1) * NX;
  }
  if (rank == 0)
    grid.resize(size_t(inner) * NX);
  MPI_Gatherv(u + NX, rows * NX, MPI_DOUBLE, grid.data(), cellCounts.data(), offsets.data(),
              MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int status = 0;
  if (rank == 0) {
    double sum = 0;
    for (size_t c = 0; c < grid.size(); ++c)
      sum += grid[c] * double(1 + c % 7);
    if (O.Check) {
      const size_t wrong = differencesFromSequential(O, grid);
      if (wrong) {
        std::printf("stencil: FAILED: %zu of %zu cells differ from the sequential sweep\n", wrong,
                    grid.size());
        status = 1;
      }
    }
    if (O.Time)
      std::printf("stencil: %d ranks, %d x %d, %d steps, halo %s: %.4f s, %.3f Gcells/s\n", size,
                  NX, O.NY, O.Steps, O.Halo.c_str(), slowest,
                  double(inner) * (NX - 2) * O.Steps / slowest * 1e-9);
    std::printf("stencil: checksum %.17g\n", sum);
    if (!status)
      std::printf("stencil: ok\n");
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
