# Sourced by make-predictions.sh and gpu-check.sh: copies every golden fix
# input (test/lit/fixes/Inputs/NAME.cu with a NAME.cu.fixed.expected, or a
# NAME.cu.swizzled.fixed.expected, the --prefer=swizzle fix, as pair
# NAME-swizzled) into DIR as orig-NAME.cu and fixed-NAME.cu, the names both
# scripts key on, and prints the NAMEs.
copy_pairs() { # DIR
  local inputs src name
  inputs=$(cd "$(dirname "${BASH_SOURCE[0]}")/../lit/fixes/Inputs" && pwd)
  for src in "$inputs"/*.cu; do
    name=$(basename "$src" .cu)
    if [ -f "$src.fixed.expected" ]; then
      cp "$src" "$1/orig-$name.cu"
      cp "$src.fixed.expected" "$1/fixed-$name.cu"
      echo "$name"
    fi
    if [ -f "$src.swizzled.fixed.expected" ]; then
      cp "$src" "$1/orig-$name-swizzled.cu"
      cp "$src.swizzled.fixed.expected" "$1/fixed-$name-swizzled.cu"
      echo "$name-swizzled"
    fi
  done
}
