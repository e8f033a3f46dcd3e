// An -include file of plugin/header-pch.test: it follows Ferry's header.
#define OFFSET 7
