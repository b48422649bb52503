"""System headers as clang sees them, for the coverage scripts: an access in
one counts at the user's line that calls it, as ldslint reports it."""
import re

SYSTEM = ("/usr/", "/opt/rocm")
_cache = {}


def is_system(path):
    """Installed under /usr or ROCm, or marked `#pragma clang system_header`
    (CCCL's headers from GitHub or CPM)."""
    if path.startswith(SYSTEM):
        return True
    if path not in _cache:
        marked = False
        try:
            with open(path, errors="replace") as fh:
                for _, text in zip(range(400), fh):
                    if re.match(r"\s*#\s*pragma\s+(clang|GCC)\s+system_header", text):
                        marked = True
                        break
        except OSError:
            pass
        _cache[path] = marked
    return _cache[path]
