#!/usr/bin/env python3
"""Check that Ferry's documentation says what the code does, where a script can tell.

Documents checked: README.md, docs/*.md, bench/README.md, bench/*/README.md,
and the comments of plugin/**/*.def and passes/*.def (the tables' headers
name the files that implement their rows). Other source comments are out of
scope. Text in a document means its inline code spans, its link targets and
its code blocks (fenced, or indented by four spaces after a blank line);
.def comments are read word by word.

1. Paths. A path written in a document names a file or directory of the
   repository. What counts as a path is a word (an inline code span and a
   code-block line are split at blanks; `<dir/file.h>` include forms lose
   their angle brackets; a link target loses its `#anchor`) that
     - is made of letters, digits and `_ . + -` with `/` between components,
       and contains a `/` or ends in one of EXTENSIONS, and
     - is not a URL, an absolute path, `~` or `$` path, a glob or a
       placeholder (it contains none of `* ? < > { } [ ] | $ = ( ) , ;`, no
       `...`, and no component is an upper-case word such as NAME, DIR, X,
       NAME.cpp), nor under a directory the root .gitignore ignores
       (`build/`, `.devbin/`, ...: build outputs do not exist in a checkout).
   Of a code span or code-block line of several words (a command), only the
   words that end in one of EXTENSIONS count, and not the one after `-o`: a
   command's directory arguments and outputs may be relative to wherever it
   runs (`compare.sh bench/nvcc bench/ferry` runs in a copied folder).
   A path with a `/` is a repository path when its first component is `.`,
   `..` or the name of a directory that exists somewhere in the repository
   (`e2e/x.cpp` in a table of tests, `core/Error.h` in runtime.md), so that
   `no-infs/no-nans`, `acc_set/get_device_num` or `share/ferry/` (an install
   directory) are not taken for paths. A bare file name (no `/`) is only a
   repository path in a .def comment (where it names a file next to the
   table, `DirectedRounding.cpp`): in documents a bare name is as often a
   user's file (`app.cpp`, `prog.cu`) or another project's header
   (`cuda_bf16.h`) as one of Ferry's. Names that start with `llvm.` or
   `nvvm.` are intrinsics (`llvm.nvvm.mulhi.ll`), not files. A repository
   path exists when it names a file or directory relative to the root, to
   the document's directory, or as the trailing components of some path in
   the repository (documents write test paths relative to test/ and runtime
   paths relative to runtime/); a last component without an extension may
   name a .h/.cpp pair (`core/AllocationTable`). A link to `page.md#anchor`
   or `#anchor` names a heading of that page (GitHub's anchors).

2. Environment variables. Every FERRY_* name a document mentions occurs in
   the code (CODE_DIRS, the top-level CMakeLists.txt, test/lit.cfg.py):
   a renamed variable, enum or macro leaves its old name in no code. Names
   a document presents as environment variables (written `FERRY_X=...`
   outside a `-D` option, or in the first column of a table under an
   "Environment variables" heading) are read as one somewhere (getenv,
   envString, envFlag, envUnsigned, sys::Process::GetEnv, os.environ, a
   shell `$FERRY_X`, CMake `$ENV{FERRY_X}`). `-DFERRY_X=` names are CMake
   cache variables or options of a CMakeLists.txt or cmake/*.cmake. And
   every FERRY_* variable the C++ code reads (getenv, envString, envFlag,
   envUnsigned, GetEnv in READER_DIRS) is mentioned in README.md or docs/.

3. Options. Every `-fplugin-arg-ferry-NAME` is accepted by ParseArgs in
   plugin/FerryPlugin.cpp. Every `--option` written in the same code span,
   or the same code-block command (a line starting with the tool, `$ tool`,
   `build/bin/tool` or `%tool`, and its indented continuation lines), as one
   of TOOLS exists in that tool's source, tools/<tool>/: as the name of a
   cl::opt/cl::list/cl::alias (for the tools that parse with LLVM's
   CommandLine, also those of compiler/ and passes/, which they link, and
   LLVM's own --help and --version), or as a string literal "--option".

4. Counts. Wherever a document states one of the counts COUNT_CLAIMS
   describes (rows of a .def table, the rows of passes/NVVMIntrinsics.def
   that no test names, files of a test directory), it is the count the
   script makes.

Prints one line per problem, "FILE:LINE: what is wrong", and exits 1 when
there is any; prints nothing and exits 0 when there is none.

Usage: scripts/check-docs.py [--root DIR]   (default: the checkout this script is in)
"""

import argparse
import fnmatch
import glob
import os
import re
import sys

# File name endings that make a word a path candidate.
EXTENSIONS = (".cpp", ".h", ".def", ".md", ".ll", ".cu", ".py", ".sh", ".cmake",
              ".txt", ".test", ".c", ".in", ".spec", ".cfg", ".dict")

# Where the code lives (for FERRY_* names and environment reads).
CODE_DIRS = ("runtime", "compiler", "plugin", "passes", "emu", "tools", "include",
             "cmake", "scripts", "fuzz", "bench", "examples", ".ci")
CODE_FILES = ("CMakeLists.txt", "test/lit.cfg.py")
CODE_EXTENSIONS = (".cpp", ".h", ".def", ".py", ".sh", ".cmake", ".txt", ".in", ".cu", "")

# C++ code whose FERRY_* environment reads must be documented.
READER_DIRS = ("runtime", "compiler", "plugin", "passes", "emu", "tools", "include", "fuzz")

# The command-line tools whose options documents name, and whether they
# parse their command line with LLVM's CommandLine library.
TOOLS = {
    "ferry-translate": True,
    "ferry-emu-check": True,
    "ferry-info": False,
    "ferry-nvcc": False,
}

# A word that is a path candidate.
PATH_WORD = re.compile(r"^[A-Za-z0-9_.+-]+(/[A-Za-z0-9_.+-]+)*/?$")
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*$")
FERRY_NAME = re.compile(r"(?:(?<=-D)|(?<![A-Za-z0-9_]))FERRY_[A-Z0-9_]*[A-Z0-9](?![A-Za-z0-9_])")


def exact_nvvm_rows(repo):
    """The exact-name rows FERRY_NVVM("llvm.nvvm....", ...) of passes/NVVMIntrinsics.def."""
    return re.findall(r'^FERRY_NVVM\("([^"]+)"', repo.read("passes/NVVMIntrinsics.def"), re.M)


def exact_nvvm_rows_in_no_test(repo):
    """Exact-name rows of passes/NVVMIntrinsics.def that no file under test/ names. A
    test names a row when it spells an llvm.nvvm.* name that is the row's, or the
    row's followed by LLVM's overload suffixes (.p0, .f32, .i64, .v2f16, ...) where
    that longer name is no row of its own."""
    rows = set(exact_nvvm_rows(repo))
    suffix = re.compile(r"\.(?:p\d+|[if]\d+|bf16|v\d+(?:i|f|bf)\d+)$")
    named = set()
    for f in repo.files:
        # test/docs/ holds this script's fixtures, which test no translation.
        if f.startswith("test/") and not f.startswith("test/docs/"):
            for name in re.findall(r"llvm\.nvvm\.[A-Za-z0-9_.]*[A-Za-z0-9_]", repo.read(f)):
                while name not in rows and suffix.search(name):
                    name = name[:suffix.search(name).start()]
                if name in rows:
                    named.add(name)
    return sorted(rows - named)


def untested_rows_with_untested_handler(repo):
    """Exact-name rows named in no test whose handler no named row goes through."""
    untested = set(exact_nvvm_rows_in_no_test(repo))
    rows = re.findall(r'^FERRY_NVVM\("([^"]+)",\s*(\w+)',
                      repo.read("passes/NVVMIntrinsics.def"), re.M)
    tested = {handler for name, handler in rows if name not in untested}
    return [name for name, handler in rows if name in untested and handler not in tested]


def count_files(pattern):
    """A counter of the files matching a glob relative to the root."""
    return lambda repo: len(glob.glob(os.path.join(repo.root, pattern)))


# Count claims: (regex whose group 1 is the number, what is counted, counter);
# an empty group 1 claims that there are none. The regexes match across line
# breaks (documents wrap lines anywhere).
COUNT_CLAIMS = [
    (r"libdevice\.10\.bc\s+(?:of\s+CUDA\s+13\.0\s+)?(?:defines\s+)?\((\d+)\)",
     "rows of passes/LibdeviceFunctions.def",
     lambda repo: len(re.findall(r"^FERRY_LIBDEVICE_FUNCTION\(",
                                 repo.read("passes/LibdeviceFunctions.def"), re.M))),
    (r"(\d+)\s+exact-name\s+rows\s+of\s+`?passes/NVVMIntrinsics\.def",
     "exact-name rows of passes/NVVMIntrinsics.def",
     lambda repo: len(exact_nvvm_rows(repo))),
    (r"(\d+)\s+(?:of\s+them\s+)?(?:are\s+)?named\s+in\s+no\s+test",
     "exact-name rows of passes/NVVMIntrinsics.def named in no file under test/",
     lambda repo: len(exact_nvvm_rows_in_no_test(repo))),
    (r"Each\s+of\s+them\s+goes\s+through\s+a\s+handler()",
     "untested exact-name rows of passes/NVVMIntrinsics.def whose handler no named row uses",
     lambda repo: len(untested_rows_with_untested_handler(repo))),
    (r"(\d+)\s+CUDA\s+sources", "sources in test/translate/corpus/src/",
     count_files("test/translate/corpus/src/*.cu")),
    (r"all\s+(\d+)\s+(?:corpus\s+)?modules", "sources in test/translate/corpus/src/",
     count_files("test/translate/corpus/src/*.cu")),
    (r"(\d+)\s+self-checking\s+programs\s+in\s+`test/e2e/`", "test/e2e/*.cpp programs",
     count_files("test/e2e/*.cpp")),
    (r"(\d+)\s+e2e\s+programs\s+pass", "test/e2e/*.cpp programs",
     count_files("test/e2e/*.cpp")),
    (r"and\s+(\d+)\s+in\s+C\s+\(`test/e2e/\*\.c`\)", "test/e2e/*.c programs",
     count_files("test/e2e/*.c")),
    (r"`test/cuda/`:\s+(\d+)\s+self-checking\s+programs", "test/cuda/*.cu programs",
     count_files("test/cuda/*.cu")),
    (r"(\d+)\s+self-checking\s+programs\s+\(relocatable", "test/cuda/*.cu programs",
     count_files("test/cuda/*.cu")),
    (r"all\s+(\d+)\s+programs\s+of\s+`test/cuda/`", "test/cuda/*.cu programs",
     count_files("test/cuda/*.cu")),
    (r"(\d+)\s+PolyBench-style\s+kernels", "bench/polybench/*_acc.cpp kernels",
     count_files("bench/polybench/*_acc.cpp")),
]


class Repo:
    """The files of the checkout under root, without what the root .gitignore ignores."""

    def __init__(self, root):
        self.root = os.path.abspath(root)
        self.ignored_dirs, self.ignored_files = self._gitignore()
        self.files, self.dirs = self._walk()
        self.every = self.files | self.dirs
        self.by_name = {}
        for path in self.files | self.dirs:
            self.by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)
        self.dir_names = {d.rsplit("/", 1)[-1] for d in self.dirs}
        self._text = {}

    def _gitignore(self):
        dirs, files = [".git"], []
        try:
            with open(os.path.join(self.root, ".gitignore"), encoding="utf-8") as f:
                for line in f:
                    line = line.strip()
                    if not line or line.startswith("#"):
                        continue
                    (dirs if line.endswith("/") else files).append(line.strip("/"))
        except OSError:
            pass
        return dirs, files

    def is_ignored_dir(self, rel):
        """Whether the root .gitignore ignores a directory of this name."""
        name = rel.rsplit("/", 1)[-1]
        return any(fnmatch.fnmatch(name, p) for p in self.ignored_dirs)

    def _walk(self):
        files, dirs = set(), set()
        for top, subdirs, names in os.walk(self.root):
            rel_top = os.path.relpath(top, self.root).replace(os.sep, "/")
            rel_top = "" if rel_top == "." else rel_top + "/"
            subdirs[:] = [d for d in subdirs if not self.is_ignored_dir(rel_top + d)]
            dirs.update(rel_top + d for d in subdirs)
            files.update(rel_top + n for n in names
                         if not any(fnmatch.fnmatch(n, p) for p in self.ignored_files))
        return files, dirs

    def read(self, rel):
        """The text of a file of the repository (empty when unreadable)."""
        if rel not in self._text:
            try:
                with open(os.path.join(self.root, rel), encoding="utf-8", errors="replace") as f:
                    self._text[rel] = f.read()
            except OSError:
                self._text[rel] = ""
        return self._text[rel]

    def exists(self, path, base_dir):
        """Whether path names a file or directory: from the root, from base_dir, or as
        the trailing components of a path of the repository."""
        path = path.rstrip("/")
        if not path:
            return True
        if "." not in path.rsplit("/", 1)[-1]:
            # A component named without its extension (`core/AllocationTable`).
            if any(self.exists(path + ext, base_dir) for ext in (".h", ".cpp")):
                return True
        for start in ("", base_dir):
            joined = os.path.normpath(os.path.join(start, path)).replace(os.sep, "/")
            if joined in self.every:
                return True
        if path.startswith("../") or path.startswith("./"):
            return False
        tail = "/" + path
        return any(p == path or p.endswith(tail)
                   for p in self.by_name.get(path.rsplit("/", 1)[-1], ()))

    def code_files(self):
        """The files of CODE_DIRS and CODE_FILES that hold code."""
        for f in sorted(self.files):
            if f in CODE_FILES or (f.split("/", 1)[0] in CODE_DIRS and "/" in f
                                   and os.path.splitext(f)[1] in CODE_EXTENSIONS
                                   and not f.endswith(".md")):
                yield f


class Doc:
    """A document: where its code spans, links, code-block lines and prose are."""

    def __init__(self, repo, rel):
        self.rel = rel
        self.dir = os.path.dirname(rel)
        self.text = repo.read(rel)
        self.is_def = rel.endswith(".def")
        if self.is_def:
            self.spans, self.links, self.blocks = [], [], []
            self.prose = self.text
            self.comment_words = list(def_comment_words(self.text))
        else:
            self.prose, self.blocks = split_code_blocks(self.text)
            self.spans = [(line_of(self.prose, m.start()), m.group(2).replace("\n", " ").strip())
                          for m in re.finditer(r"(`+)(.+?)\1", self.prose, re.S)
                          if "\n\n" not in m.group(2)]
            without_spans = re.sub(r"(`+)(.+?)\1", lambda m: re.sub(r"[^\n]", " ", m.group(0)),
                                   self.prose, flags=re.S)
            self.links = [(line_of(without_spans, m.start()), m.group(1))
                          for m in re.finditer(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", without_spans)]
            self.comment_words = []


def line_of(text, offset):
    """The 1-based line of a character offset."""
    return text.count("\n", 0, offset) + 1


def split_code_blocks(text):
    """The text with code blocks blanked out (lines kept), and the code-block
    lines as (line number, text)."""
    lines = text.split("\n")
    prose, blocks = [], []
    fenced = False
    indented = False
    previous_blank = True
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            prose.append("")
            previous_blank = False
            continue
        if fenced:
            blocks.append((number, line))
            prose.append("")
            continue
        if line.startswith("    ") and line.strip() and (previous_blank or indented):
            indented = True
            blocks.append((number, line))
            prose.append("")
            previous_blank = False
            continue
        indented = False
        prose.append(line)
        previous_blank = not line.strip()
    return "\n".join(prose), blocks


def def_comment_words(text):
    """(line, word) for the words of the // comments of a .def file."""
    for number, line in enumerate(text.split("\n"), 1):
        at = line.find("//")
        if at >= 0:
            for word in line[at + 2:].split():
                yield number, word


def documents(repo):
    """The documents checked, in the order of the docstring."""
    rels = ["README.md", "bench/README.md"]
    rels += sorted(f for f in repo.files if re.fullmatch(r"docs/[^/]+\.md", f))
    rels += sorted(f for f in repo.files if re.fullmatch(r"bench/[^/]+/README\.md", f))
    rels += sorted(f for f in repo.files if re.fullmatch(r"plugin/.+\.def", f))
    rels += sorted(f for f in repo.files if re.fullmatch(r"passes/[^/]+\.def", f))
    return [Doc(repo, r) for r in rels if r in repo.files]


# ---------------------------------------------------------------------------
# 1. Paths

def path_word(word):
    """The path a word of a document spells, or None when it is not a path candidate."""
    word = word.strip("([{'\"").rstrip(")]}'\",;:.")
    include = re.fullmatch(r"<([A-Za-z0-9_./+-]+\.h)>", word)
    if include:
        word = include.group(1)
    if not word or "://" in word or word[0] in "/~$" or "..." in word or "\u2026" in word:
        return None
    if not PATH_WORD.match(word):
        return None
    if "/" not in word and not word.endswith(EXTENSIONS):
        return None
    while word.startswith("./"):
        word = word[2:]
    if any(PLACEHOLDER.match(c.split(".", 1)[0]) for c in word.rstrip("/").split("/")):
        return None
    return word


def is_repository_path(repo, path, in_def):
    """Whether a path candidate is meant as a path of the repository (see the docstring)."""
    components = path.rstrip("/").split("/")
    first = components[0]
    if first.startswith("llvm.") or first.startswith("nvvm."):
        return False
    if len(components) == 1:
        return in_def and not first.startswith(".")
    if first in (".", ".."):
        return True
    if repo.is_ignored_dir(first):
        return False
    return first in repo.dir_names


def code_words(text):
    """The words of a code span or code-block line that may be paths: all of a
    one-word span; of a command, the file names (a known extension) that are
    not the output of -o (a command's directories and outputs may be relative
    to where it runs, `compare.sh bench/nvcc bench/ferry`)."""
    words = text.split()
    if len(words) == 1:
        return words
    return [w for i, w in enumerate(words)
            if (path_word(w) or "").endswith(EXTENSIONS) and (i == 0 or words[i - 1] != "-o")]


def heading_anchors(text):
    """The anchors GitHub gives the headings of a markdown text."""
    _, blocks = split_code_blocks(text)
    in_block = {line for line, _ in blocks}
    anchors = set()
    for number, line in enumerate(text.split("\n"), 1):
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m and number not in in_block:
            title = re.sub(r"[^\w\- ]", "", m.group(1).lower().replace("`", ""))
            anchors.add(title.replace(" ", "-"))
    return anchors


def check_anchors(repo, doc, report):
    """Links to `page.md#anchor` and `#anchor` name a heading of that page."""
    for line, target in doc.links:
        if "#" not in target or "://" in target:
            continue
        page, anchor = target.split("#", 1)
        rel = doc.rel
        if page:
            rel = os.path.normpath(os.path.join(doc.dir, page)).replace(os.sep, "/")
        if rel.endswith(".md") and rel in repo.files:
            if anchor not in heading_anchors(repo.read(rel)):
                report(doc.rel, line, "'%s' names no heading of %s" % (target, rel))


def check_paths(repo, doc, report):
    """1. The paths a document writes exist."""
    words = []
    for line, span in doc.spans:
        words += [(line, w) for w in code_words(span)]
    for line, text in doc.blocks:
        words += [(line, w) for w in code_words(text)]
    words += [(line, target.split("#", 1)[0]) for line, target in doc.links]
    words += doc.comment_words
    for line, word in words:
        path = path_word(word)
        if path and is_repository_path(repo, path, doc.is_def) and not repo.exists(path, doc.dir):
            report(doc.rel, line, "'%s' names no file or directory of the repository" % path)
    check_anchors(repo, doc, report)


# ---------------------------------------------------------------------------
# 2. Environment variables

ENV_READ = [
    r'(?:getenv|envString|envFlag|envUnsigned|GetEnv)\(\s*"(FERRY_[A-Z0-9_]+)"',
    r'os\.environ(?:\.get\(\s*|\[\s*)"(FERRY_[A-Z0-9_]+)"',
    r'\$\{?(FERRY_[A-Z0-9_]+)',
    r'\$ENV\{(FERRY_[A-Z0-9_]+)\}',
]
CXX_ENV_READ = r'(?:getenv|envString|envFlag|envUnsigned|GetEnv)\(\s*"(FERRY_[A-Z0-9_]+)"'


def env_table_names(doc):
    """(line, name) of FERRY_* names in the first column of tables under an
    "Environment variables" heading."""
    heading = ""
    for number, line in enumerate(doc.prose.split("\n"), 1):
        if line.startswith("#"):
            heading = line.lower()
        elif "environment variables" in heading and line.startswith("|"):
            cells = line.split("|")
            if len(cells) > 2:
                for name in FERRY_NAME.findall(cells[1]):
                    yield number, name


def check_environment(repo, docs, report):
    """2. FERRY_* names and environment variables, both ways."""
    code = {f: repo.read(f) for f in repo.code_files()}
    mentioned = set()
    read = set()
    for text in code.values():
        for pattern in ENV_READ:
            read.update(re.findall(pattern, text))
    for text in code.values():
        mentioned.update(FERRY_NAME.findall(text))
    cmake_vars = set()
    for f, text in code.items():
        if f.endswith((".txt", ".cmake")):
            cmake_vars.update(re.findall(r"\boption\(\s*(FERRY_[A-Z0-9_]+)", text))
            cmake_vars.update(re.findall(r"\bset\(\s*(FERRY_[A-Z0-9_]+)\b[^)]*\bCACHE\b", text))
    for doc in docs:
        if doc.is_def:
            continue
        for m in FERRY_NAME.finditer(doc.text):
            name, line = m.group(0), line_of(doc.text, m.start())
            if name not in mentioned:
                report(doc.rel, line, "%s occurs nowhere in the code" % name)
        for m in re.finditer(r"(?:(-D)|(?<![A-Za-z0-9_]))(FERRY_[A-Z0-9_]+)=", doc.text):
            name, line = m.group(2), line_of(doc.text, m.start())
            if name not in mentioned:
                continue  # already reported
            if m.group(1):
                if name not in cmake_vars:
                    report(doc.rel, line, "-D%s is no CMake option or cache variable" % name)
            elif name not in read:
                report(doc.rel, line, "environment variable %s is read nowhere in the code" % name)
        for line, name in env_table_names(doc):
            if name in mentioned and name not in read:
                report(doc.rel, line, "environment variable %s is read nowhere in the code" % name)
    documented = set()
    for doc in docs:
        if doc.rel == "README.md" or doc.rel.startswith("docs/"):
            documented.update(FERRY_NAME.findall(doc.text))
    for f, text in code.items():
        if f.split("/", 1)[0] not in READER_DIRS or not f.endswith((".cpp", ".h")):
            continue
        for m in re.finditer(CXX_ENV_READ, text):
            if m.group(1) not in documented:
                report(f, line_of(text, m.start()),
                       "environment variable %s is read here but documented nowhere "
                       "(README.md, docs/)" % m.group(1))


# ---------------------------------------------------------------------------
# 3. Options

def plugin_arguments(repo):
    """The NAMEs of -fplugin-arg-ferry-NAME that ParseArgs of plugin/FerryPlugin.cpp accepts."""
    text = repo.read("plugin/FerryPlugin.cpp")
    start = text.find("ParseArgs(")
    if start < 0:
        return set()
    body = text[text.find("{", start):]
    depth, end = 0, len(body)
    for i, c in enumerate(body):
        depth += c == "{"
        depth -= c == "}"
        if depth == 0:
            end = i
            break
    body = body[:end]
    names = set(re.findall(r'==\s*"([^"]+)"', body))
    names |= {n.rstrip("=") for n in re.findall(r'consume_front\(\s*"([^"]+)"', body)}
    return names


def cl_option_names(repo, dirs):
    """The names of the cl::opt, cl::list and cl::alias options defined under dirs."""
    names = set()
    for f in repo.files:
        if f.split("/", 1)[0] in dirs or any(f.startswith(d + "/") for d in dirs):
            if f.endswith((".cpp", ".h")):
                names.update(re.findall(
                    r'cl::(?:opt|list|alias)\s*<[^;]*?>\s*\w+\s*\(\s*"([^"]+)"',
                    repo.read(f), re.S))
    return names


def tool_options(repo):
    """tool -> the option names (without dashes and values) its source accepts."""
    options = {}
    for tool, uses_cl in TOOLS.items():
        source = "tools/" + tool
        names = set()
        for f in repo.files:
            if f.startswith(source + "/") and f.endswith((".cpp", ".h")):
                names.update(n.split("=", 1)[0] for n in
                             re.findall(r'"--?([A-Za-z0-9][A-Za-z0-9_-]*=?)', repo.read(f)))
        if uses_cl:
            names |= cl_option_names(repo, (source, "compiler", "passes"))
            names |= {"help", "version"}
        options[tool] = names
    return options


def tool_commands(doc):
    """(line, tool, text): code spans and code-block commands that start with a tool."""
    tool_start = re.compile(r"^(?:\$\s+)?(?:\S*/|%%)?(%s)(?:\s|$)" %
                            "|".join(re.escape(t) for t in TOOLS))
    for line, span in doc.spans:
        m = tool_start.match(span)
        if m:
            yield line, m.group(1), span
    # A command in a code block goes on over the next lines indented deeper.
    current, commands, indent, last = None, [], 0, 0
    for line, text in doc.blocks:
        depth = len(text) - len(text.lstrip())
        m = tool_start.match(text.strip())
        if m:
            current, indent = [line, m.group(1), text.strip()], depth
            commands.append(current)
        elif current and line == last + 1 and text.strip() and depth > indent:
            current[2] += " " + text.strip()
        else:
            current = None
        last = line
    for line, tool, text in commands:
        yield line, tool, text


def check_options(repo, docs, report):
    """3. Plugin arguments and the options of the tools."""
    plugin_args = plugin_arguments(repo)
    options = tool_options(repo)
    for doc in docs:
        if doc.is_def:
            continue
        for m in re.finditer(r"-fplugin-arg-ferry-([A-Za-z0-9_-]+)", doc.text):
            if m.group(1) not in plugin_args:
                report(doc.rel, line_of(doc.text, m.start()),
                       "-fplugin-arg-ferry-%s is not an argument plugin/FerryPlugin.cpp accepts"
                       % m.group(1))
        for line, tool, text in tool_commands(doc):
            for m in re.finditer(r"(?<![A-Za-z0-9_-])--([A-Za-z0-9][A-Za-z0-9_-]*)", text):
                if m.group(1) not in options[tool]:
                    report(doc.rel, line, "%s has no option --%s" % (tool, m.group(1)))


# ---------------------------------------------------------------------------
# 4. Counts

def check_counts(repo, docs, report):
    """4. The counts of COUNT_CLAIMS."""
    cache = {}
    for doc in docs:
        for pattern, what, counter in COUNT_CLAIMS:
            for m in re.finditer(pattern, doc.text):
                if pattern not in cache:
                    cache[pattern] = counter(repo)
                # An empty group claims that there are none.
                claimed = int(m.group(1) or 0)
                if claimed != cache[pattern]:
                    report(doc.rel, line_of(doc.text, m.start(1)),
                           "says %d where there are %d %s" % (claimed, cache[pattern], what))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                       ".."),
                        help="the checkout to check (default: the one this script is in)")
    args = parser.parse_args()
    repo = Repo(args.root)
    docs = documents(repo)
    problems = []

    def report(rel, line, message):
        problems.append("%s:%d: %s" % (rel, line, message))

    for doc in docs:
        check_paths(repo, doc, report)
    check_environment(repo, docs, report)
    check_options(repo, docs, report)
    check_counts(repo, docs, report)
    for problem in sorted(set(problems), key=problem_order):
        print(problem)
    return 1 if problems else 0


def problem_order(problem):
    """Problems by file, then line number."""
    rel, line, _ = problem.split(":", 2)
    return rel, int(line), problem


if __name__ == "__main__":
    sys.exit(main())
