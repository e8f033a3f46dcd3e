// Unknown plugin arguments are rejected, naming the argument.
// RUN: %not %clangxx -fplugin=%ferry-plugin -fplugin-arg-ferry-bogus -fsyntax-only %s 2>&1 | %FileCheck %s
// CHECK: error: unknown argument 'bogus' for the Ferry plugin (known: remarks)
int x;
