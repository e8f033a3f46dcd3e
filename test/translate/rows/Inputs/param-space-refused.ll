; (Appended to param-space.ll: uses of parameter-space pointers Ferry refuses.)
define i32 @f(ptr addrspace(101) %p) {
  %v = load i32, ptr addrspace(101) %p
  ret i32 %v
}

define void @writes(ptr byval(%struct.S) align 4 %s) {
  %p = addrspacecast ptr %s to ptr addrspace(101)
  store i32 1, ptr addrspace(101) %p, align 4
  ret void
}
