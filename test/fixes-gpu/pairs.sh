# Sourced by make-predictions.sh and gpu-check.sh: copies every golden fix
# input (test/lit/fixes/Inputs/NAME.cu with a NAME.cu.fixed.expected) into
# DIR as orig-NAME.cu and fixed-NAME.cu, the names both scripts key on, and
# prints the NAMEs.
copy_pairs() { # DIR
  local inputs src name
  inputs=$(cd "$(dirname "${BASH_SOURCE[0]}")/../lit/fixes/Inputs" && pwd)
  for src in "$inputs"/*.cu; do
    name=$(basename "$src" .cu)
    [ -f "$src.fixed.expected" ] || continue
    cp "$src" "$1/orig-$name.cu"
    cp "$src.fixed.expected" "$1/fixed-$name.cu"
    echo "$name"
  done
}
