target triple = "amdgcn-amd-amdhsa"
define void @k() {
  ret void
}
