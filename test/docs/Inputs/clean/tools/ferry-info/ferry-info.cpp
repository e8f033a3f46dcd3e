#include <cstring>
int main(int argc, char **argv) { return argc == 3 && !std::strcmp(argv[1], "--image") ? 0 : 1; }
