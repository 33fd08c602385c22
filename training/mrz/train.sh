#!/bin/bash
# Trains docscan's MRZ recognition model (Tesseract LSTM, language "mrz") from
# scratch on rendered MRZ lines, end to end and deterministically (seeded).
#
#   training/mrz/train.sh                 # full run (see README.md for cost)
#   LINES=600 ITERATIONS=200 WORK=training/mrz/work/smoke training/mrz/train.sh
#   MODEL=mrz_wide STYLE=wide SEED=20261125 WORK=training/mrz/work/wide training/mrz/train.sh
#                                         # the second model (see README.md)
#   CONTINUE_FROM=training/mrz/work/run STYLE=spaced SEED=20261126 ITERATIONS=120000 \
#     WORK=training/mrz/work/continued training/mrz/train.sh
#                                         # more training for a model: from its
#                                         # last checkpoint, on its own lines and new ones
#
# Steps are resumable: rendered batches and lstmtraining checkpoints in $WORK
# are reused, so a stopped run continues where it was.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
LINES=${LINES:-24000}              # rendered lines (90% train, 10% validation)
ITERATIONS=${ITERATIONS:-60000}    # lstmtraining iterations
SEED=${SEED:-20261124}
MODEL=${MODEL:-mrz}                # language name: installs model/$MODEL.traineddata
INSTALL_NAME=${INSTALL_NAME:-$MODEL}  # ... or model/$INSTALL_NAME.traineddata
STYLE=${STYLE:-standard}           # render style (Tests/SecondLook/secondlook/lines.py)
WORK=${WORK:-$HERE/work/run}
RATE=${RATE:-0.002}
NET=${NET:-'[1,36,0,1 Ct3,3,16 Mp3,3 Lfys48 Lfx96 Lrx96 Lfx128 O1c###]'}
PY=/usr/bin/python3
# one core: the machine is shared, and one thread keeps runs reproducible
export OMP_THREAD_LIMIT=1
START=$(date +%s)
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
log() { echo "[$(date -u +%H:%M:%S)] $*"; }

# Renders are kept per style and seed, so that a folder never mixes styles
# (the standard style keeps its old name, so earlier work folders resume).
LINES_DIR=$WORK/lines-$SEED
[ "$STYLE" = standard ] || LINES_DIR=$WORK/lines-$STYLE-$SEED

log "rendering $LINES lines (seed $SEED, style $STYLE)"
$PY "$HERE/make_lstmf.py" --out "$LINES_DIR" --seed "$SEED" --count "$LINES" --style "$STYLE"

# lstmtraining evaluates on its own thread whenever it has a new best model:
# a small list keeps that short (the full list is used by lstmeval below)
head -n 5 "$LINES_DIR/list.eval" >"$LINES_DIR/list.eval-small"

TRAIN_LIST=$LINES_DIR/list.train
log "starter traineddata"
if [ -n "${CONTINUE_FROM:-}" ]; then
    # Continuing: the earlier run's alphabet (its output layer depends on
    # the order), its last checkpoint, and its lines beside the new ones.
    CONTINUE_FROM=$(cd "$CONTINUE_FROM" && pwd)
    cp "$CONTINUE_FROM/unicharset" "$WORK/unicharset"
    mkdir -p "$WORK/checkpoints"
    [ -e "$WORK/checkpoints/mrz_checkpoint" ] ||
        cp "$CONTINUE_FROM/checkpoints/mrz_checkpoint" "$WORK/checkpoints/mrz_checkpoint"
    TRAIN_LIST=$WORK/list.train
    cat "$CONTINUE_FROM"/lines-*/list.train "$LINES_DIR/list.train" >"$TRAIN_LIST"
else
    unicharset_extractor --norm_mode 1 --output_unicharset "$WORK/unicharset" \
        "$LINES_DIR/all-text.txt" >/dev/null 2>&1
fi
# combine_lang_model needs a script folder; the MRZ alphabet is plain Latin,
# so our own unicharset stands in for Latin/Common, and the (required but
# unused) radical-stroke table is a comment only.
mkdir -p "$WORK/script" "$WORK/starter/$MODEL"
cp "$WORK/unicharset" "$WORK/script/Latin.unicharset"
cp "$WORK/unicharset" "$WORK/script/Common.unicharset"
cp "$HERE/langdata/radical-stroke.txt" "$WORK/script/radical-stroke.txt"
combine_lang_model --input_unicharset "$WORK/unicharset" --script_dir "$WORK/script" \
    --output_dir "$WORK/starter" --lang "$MODEL" >"$WORK/starter/combine.log" 2>&1
STARTER=$WORK/starter/$MODEL/$MODEL.traineddata
SIZE=$(head -n1 "$WORK/unicharset")

log "lstmtraining: $ITERATIONS iterations, net ${NET/c###/c$SIZE}"
mkdir -p "$WORK/checkpoints"
lstmtraining \
    --traineddata "$STARTER" \
    --net_spec "${NET/c###/c$SIZE}" \
    --model_output "$WORK/checkpoints/mrz" \
    --learning_rate "$RATE" \
    --train_listfile "$TRAIN_LIST" \
    --eval_listfile "$LINES_DIR/list.eval-small" \
    --max_iterations "$ITERATIONS" \
    --target_error_rate 0.005 \
    --debug_interval 0 2>&1 | grep -v "^Loaded\|^Page" || true

log "final models"
CKPT=$WORK/checkpoints/mrz_checkpoint
lstmtraining --stop_training --continue_from "$CKPT" --traineddata "$STARTER" \
    --model_output "$WORK/mrz.traineddata"
lstmtraining --stop_training --convert_to_int --continue_from "$CKPT" --traineddata "$STARTER" \
    --model_output "$WORK/mrz_int.traineddata"

evaluate() {
    lstmeval --model "$1" --eval_listfile "$LINES_DIR/list.eval" 2>&1 | grep -E "^(At iteration|BCER|.*Char error)" | tail -1
}
FLOAT_EVAL=$(evaluate "$WORK/mrz.traineddata")
INT_EVAL=$(evaluate "$WORK/mrz_int.traineddata")
log "validation, float: $FLOAT_EVAL"
log "validation, int:   $INT_EVAL"
echo "float: $FLOAT_EVAL" >"$WORK/eval.txt"
echo "int: $INT_EVAL" >>"$WORK/eval.txt"

# keep the integer model unless it is clearly worse: it is ~8x smaller and
# faster, and on real crops (eval_real.py) it read as well as the float one
# although its synthetic validation error was 0.5 points higher
cer() { sed -n 's/.*BCER eval=\([0-9.]*\).*/\1/p' <<<"$1"; }
CHOSEN=$WORK/mrz.traineddata
if awk -v f="$(cer "$FLOAT_EVAL")" -v i="$(cer "$INT_EVAL")" 'BEGIN { exit !(i <= f + 1.0) }'; then
    CHOSEN=$WORK/mrz_int.traineddata
fi
if [ "${INSTALL:-1}" = 1 ]; then
    mkdir -p "$HERE/model"
    cp "$CHOSEN" "$HERE/model/$INSTALL_NAME.traineddata"
    log "model: $HERE/model/$INSTALL_NAME.traineddata ($(stat -c %s "$CHOSEN") bytes, from $(basename "$CHOSEN"))"
fi
log "run time: $(( $(date +%s) - START )) s"
