# Runs inside the QEMU VM (busybox sh) against vivid, from scripts/test-vm.
# Each step prints ==STEP name== then its output, then ==RC status==; pictures are
# written to the working directory and come back to the host, which checks them.
# QEMU's TCG emulates AVX2 one helper call per instruction: there the x86-64-v3 kernels run
# about 5× slower than SSE2 (640×480 live view: 0.6 against 3.1 frames/s, measured with
# --benchmark-frames in this VM), too slow for the timed steps. The capture path is what
# the VM tests; each kernel level is tested on the host (KernelLevelTests, scripts/test).
export CVDCAM_KERNEL_LEVEL=baseline
step() { echo "==STEP $1=="; }
rc() { echo "==RC $1=="; }

step devices
cvdcam devices --controls; rc $?

# capture NAME FORMAT SIZE FRAMES: a snapshot step writing NAME.png.
capture() {
    step "$1"
    cvdcam snapshot "$1.png" --format "$2" --size "$3" --frames "$4" --warmup 0.2; rc $?
}

# 30 frames in each format the issue names; the last frame is written as PNG.
capture yuyv640 yuyv 640x480 30
capture yuyv720 yuyv 1280x720 30
capture rgb640 rgb24 640x480 30
capture nv12640 nv12 640x480 30
# The other formats cvdcam reads, a few frames each; and one vivid does not send.
capture uyvy640 uyvy 640x480 5
capture bgr640 bgr24 640x480 5
capture grey640 grey 640x480 5
step badformat
cvdcam snapshot x.png --format mjpeg; rc $?

# The default format choice, simulated.
step deuteranopia
cvdcam snapshot deut.png --mode deuteranopia --warmup 0.2; rc $?
step all
cvdcam snapshot bars.png --mode all --format rgb24 --size 640x480 --warmup 0.2; rc $?

# Faults and controls (each control is put back afterwards: vivid keeps values).
step drops
cvdcam snapshot drops.png --size 640x480 --frames 30 --warmup 0 --control percentage_of_dropped_buffers=50; rc $?
cvdcam devices --device 0 --control percentage_of_dropped_buffers=0 >/dev/null
step control
cvdcam snapshot bright.png --format rgb24 --size 640x480 --warmup 0.2 --control brightness=200; rc $?
cvdcam devices --device 0 --controls | grep '^    brightness '
cvdcam devices --device 0 --control brightness=128 >/dev/null
step badcontrol
cvdcam snapshot x.png --control brightness=999; rc $?
step badsize
cvdcam snapshot x.png --format yuyv --size 1000x1000; rc $?

step busy
cvdcam snapshot busy1.png --size 640x480 --frames 75 --warmup 0 > busy1.log 2>&1 &
first=$!
sleep 1
cvdcam snapshot busy2.png --size 640x480 --warmup 0; rc $?
wait $first
echo "first: $(cat busy1.log | grep captured)"

step badpath
cvdcam snapshot x.png --device /dev/video9; rc $?
step output-node
cvdcam snapshot x.png --device 1; rc $?
step metadata-node
cvdcam snapshot x.png --device /dev/video2; rc $?

# Stream faults vivid injects. Its "Inject …" buttons act once, on the next such request
# or buffer. Every snapshot must survive (restart the stream or re-queue, say so in one
# line) and write the bars (RGB24, checked on the host).
# inject BUTTON: presses one of vivid's buttons; says so if vivid did not take it. The
# disconnect button takes the device away under the command that pressed it, so that
# command's status is not looked at.
inject() {
    if [ "$1" = disconnect ]; then cvdcam devices --device 0 --control disconnect=1 > /dev/null 2>&1; return; fi
    cvdcam devices --device 0 --control "$1=1" > /dev/null 2>&1 || echo "could not set $1"
}
# bars NAME ARGS…: a snapshot of vivid's bars, RGB24 640×480, written to NAME.png.
# shellcheck disable=SC2317  # called through fault_case's "$@"
bars() { bars_file=$1.png; shift; cvdcam snapshot "$bars_file" --format rgb24 --size 640x480 "$@"; }
# view ARGS…: the live view on SDL's offscreen driver (no display in the VM), for 60 s at most,
# with the picture filling the window (--labels-over-picture: the framed layout, the default,
# shrinks it to leave bands for the labels, and VividTests read the bars at fixed places).
view() { SDL_VIDEODRIVER=offscreen timeout 60 cvdcam "$@" --labels-over-picture; }

# fault_case STEP WHEN CONTROL COMMAND…: the step STEP, COMMAND under vivid's fault CONTROL.
#   WHEN start: the button CONTROL is pressed just before COMMAND starts.
#   WHEN all: the switch CONTROL is on for the whole of COMMAND (its --control), off after.
#   WHEN seconds: the button is pressed that long into COMMAND, which runs in the
#   background; its output (in STEP.log) follows its status.
fault_case() {
    fc_step=$1 fc_when=$2 fc_control=$3
    shift 3
    step "$fc_step"
    case $fc_when in
        start)
            inject "$fc_control"
            "$@" 2>&1; rc $? ;;
        all)
            "$@" --control "$fc_control=1" 2>&1; rc $?
            cvdcam devices --device 0 --control "$fc_control=0" > /dev/null ;;
        *)
            "$@" > "$fc_step.log" 2>&1 &
            fc_pid=$!
            sleep "$fc_when"
            inject "$fc_control"
            wait $fc_pid; rc $?
            cat "$fc_step.log" ;;
    esac
}

fault_case fault-streamon start inject_vidioc_streamon_error bars fault-streamon --warmup 0.2
fault_case fault-reqbufs start inject_vidioc_reqbufs_error bars fault-reqbufs --warmup 0.2
# A 4-second snapshot, the fault injected after 1.5 s.
fault_case fault-fatal 1.5 inject_fatal_streaming_error bars fault-fatal --warmup 0 --frames 100
fault_case fault-qbuf 1.5 inject_vidioc_qbuf_error bars fault-qbuf --warmup 0 --frames 100
fault_case fault-bufflag 1.5 inject_v4l2_buf_flag_error bars fault-bufflag --warmup 0 --frames 100

# The driver's 32-bit frame counter wraps after 128 frames; its timestamps wrap 16 s in.
fault_case fault-seqwrap all wrap_sequence_number bars fault-seqwrap --warmup 0 --frames 160
fault_case fault-timewrap all wrap_timestamp bars fault-timewrap --warmup 17 --frames 5

# Unplugged mid-stream (vivid's disconnect button): vivid comes back once the last user
# of the dead device closes it, so the snapshot reopens it and carries on.
fault_case disconnect 1.5 disconnect bars fault-disconnect --frames 100 --warmup 0

# Unplugged for good: another program keeps the dead device open, so it never comes
# back. The snapshot gives up after its restarts with the typed error — no hang, no file.
step disconnect-gone
sleep 30 < /dev/video0 &
holder=$!
cvdcam snapshot gone.png --size 640x480 --frames 1000 --warmup 0 &
victim=$!
sleep 1.5
inject disconnect
wait $victim; rc $?
ls -1 /dev/video* 2>/dev/null | tr "\n" " "; echo
ls gone.png 2>/dev/null
# The shell says "Terminated" when it reaps the holder it killed (now and then, as the
# timing falls): not cvdcam's output, so not this step's.
{ kill $holder; wait $holder; } 2>/dev/null
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do [ -e /dev/video0 ] && break; sleep 0.2; done

# The live view. vivid re-registers its nodes by itself once the last user of a
# disconnected device closes it.
step viewer
view --mode deuteranopia --screenshot view.png --screenshot-after 10; rc $?

# Unplugged mid-demo and back: the view keeps the last picture, waits, and carries on by
# itself (vivid comes back when the view lets go of the dead device).
fault_case reconnect 2 disconnect view --mode deuteranopia --screenshot back.png --screenshot-after 60

# The live view started while the driver refuses VIDIOC_STREAMON once: it restarts the
# stream and shows the camera (not "busy", not the test scene).
fault_case viewer-streamon start inject_vidioc_streamon_error \
    view --mode deuteranopia --size 640x480 --screenshot fault-view.png --screenshot-after 10

# A fatal streaming error mid-demo: the view restarts the stream and carries on.
fault_case viewer-fatal 2 inject_fatal_streaming_error \
    view --mode deuteranopia --size 640x480 --screenshot fault-view-fatal.png --screenshot-after 100

# `relay` under the same faults, from vivid's camera (/dev/video0) to vivid's own video
# output node (/dev/video1): it keeps going, says so in one line, and stops after its frames.
# shellcheck disable=SC2317  # called through fault_case's "$@"
relay() { timeout 90 cvdcam relay --device 0 --size 640x480 --mode deuteranopia --to /dev/video1 "$@"; }
fault_case relay-streamon start inject_vidioc_streamon_error relay --frames 30
fault_case relay-bufflag 1.5 inject_v4l2_buf_flag_error relay --frames 60
# vivid's fatal error fails the instance's capture and output queues alike: both restart.
fault_case relay-fatal 1.5 inject_fatal_streaming_error relay --frames 60
# Unplugged mid-relay: the output node goes with the camera. The relay says so and stops
# (status 1); vivid comes back once it has let go.
fault_case relay-gone 1.5 disconnect relay --frames 100000
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do [ -e /dev/video1 ] && break; sleep 0.2; done

# Busy at start: another program streams; the view shows the test scene with the message.
step viewer-busy
cvdcam snapshot holder.png --size 640x480 --frames 2000 --warmup 0 > /dev/null 2>&1 &
holder=$!
sleep 1
view --size 640x480 --screenshot busy.png --screenshot-after 3; rc $?
{ kill $holder; wait $holder; } 2>/dev/null # (no "Terminated" from the shell)

# Busy at start, then freed: the view switches from the test scene to the camera by itself.
# (The view stays 20 s, 200 frames at 10 fps: under TCG the holder, which now loads the PDF
# and colour-profile libraries too, can hold the camera for more than the 10 s it once did.)
step viewer-freed
cvdcam snapshot holder2.png --size 640x480 --frames 50 --warmup 0 > /dev/null 2>&1 &
holder=$!
sleep 1
view --size 640x480 --fps 10 --screenshot freed.png --screenshot-after 200; rc $?
wait $holder

# Waits (up to 30 s) for a line matching $2 in the file $1.
wait_for() {
    for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 \
             31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60; do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.5
    done
    echo "timed out waiting for: $2"
    return 1
}
gain_auto() { cvdcam devices --device 0 --controls | grep '^    gain_automatic '; }

# White card: vivid shows a flat grey (100% white at lower contrast) as the card.
# --white-balance card locks vivid's one automatic (gain) while the view runs and
# releases it on quit; w locks, w again releases.
step whitecard
cvdcam devices --device 0 --control test_pattern=100_white --control contrast=100 > /dev/null
SDL_VIDEODRIVER=offscreen timeout 90 cvdcam --size 640x480 --white-balance card > wb.log 2>&1 &
viewer=$!
wait_for wb.log "balanced on card: the card read" && sleep 1
echo "while balanced: $(gain_auto)"
kill -TERM $viewer; wait $viewer; rc $?
cat wb.log
echo "after quit: $(gain_auto)"
step whitecard-keys
SDL_VIDEODRIVER=offscreen timeout 90 cvdcam --size 640x480 --press w@10 --press w@40 > wk.log 2>&1 &
viewer=$!
wait_for wk.log "white balance released: gain" && sleep 0.5
kill -TERM $viewer; wait $viewer; rc $?
cat wk.log
cvdcam devices --device 0 --control test_pattern=0 --control contrast=128 > /dev/null

# A camera plugged in while the view runs on the test scene (no camera at start).
step hotplug
rmmod vivid
SDL_VIDEODRIVER=offscreen timeout 90 cvdcam --size 640x480 > hp.log 2>&1 &
viewer=$!
wait_for hp.log "showing built-in test scene"
insmod /lib/modules/vivid.ko n_devs=1 node_types=0x20101 num_inputs=1 input_types=0x0 num_outputs=1
wait_for hp.log "camera plugged in: showing vivid" && sleep 1
kill -TERM $viewer; wait $viewer; rc $?
cat hp.log

# n: two vivid webcams; n switches to the second, n again back to the first.
step switch
rmmod vivid
insmod /lib/modules/vivid.ko n_devs=2 node_types=0x1,0x1 num_inputs=1,1 input_types=0x0,0x0
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/video1 ] && break; sleep 0.2; done
SDL_VIDEODRIVER=offscreen timeout 90 cvdcam --size 640x480 --press n@10 --press n@40 > sw.log 2>&1 &
viewer=$!
wait_for sw.log "switched to camera vivid (/dev/video0)" && sleep 0.5
kill -TERM $viewer; wait $viewer; rc $?
cat sw.log
rmmod vivid && insmod /lib/modules/vivid.ko n_devs=1 node_types=0x20101 num_inputs=1 input_types=0x0 num_outputs=1
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/video0 ] && break; sleep 0.2; done

# The camera panel: k opens it (one line lists the values), ↓ ↓ selects brightness,
# → raises it one step, r puts it back to its default.
step panel
SDL_VIDEODRIVER=offscreen timeout 90 cvdcam --size 640x480 --press k@5 --press down@8 --press down@9 --press right@12 \
    --press r@30 --screenshot panel.png --screenshot-after 45 > pn.log 2>&1; rc $?
cat pn.log
cvdcam devices --device 0 --controls | grep '^    brightness '

# The virtual camera, looped back (last: it replaces the nodes above). vivid is reloaded
# as one HDMI input (/dev/video0) and one HDMI output (/dev/video1); its loop_video
# control shows on the input what the output is sent. The relay sends /data/patches.png
# (scripts/test-vm copies it in) simulated; the snapshot of the input comes back.
step loop
rmmod vivid && insmod /lib/modules/vivid.ko n_devs=1 node_types=0x101 num_inputs=1 input_types=0x3 \
    num_outputs=1 output_types=0x1 || echo "could not reload vivid"
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/video1 ] && break; sleep 0.2; done
cvdcam devices --device 0 --control loop_video=1 | grep '^set '
cvdcam relay --image /data/patches.png --mode deuteranopia --to /dev/video1 > relay.log 2>&1 &
relay=$!
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do grep -q relaying relay.log && break; sleep 0.5; done
sleep 1
cvdcam snapshot loop.png --device 0 --format yuyv --warmup 0.5; rc $?
kill $relay; wait $relay; echo "relay status $?"
cat relay.log

# The live view's virtual camera, looped back the same way: a single view at full size
# draws the pane from the picture it sends (an upload: the profile's "upload" stage), not
# by simulating the frame a second time. The window's screenshot comes after 300 ticks of
# the still picture (30 a second), once the input has been captured.
step view-loop
SDL_VIDEODRIVER=offscreen timeout 90 cvdcam --image /data/patches.png --mode deuteranopia \
    --virtual-camera-device /dev/video1 --window 1280x720 --profile \
    --screenshot view-loop-window.png --screenshot-after 300 > vl.log 2>&1 &
view=$!
for i in $(seq 40); do grep -q "virtual camera on" vl.log && break; sleep 0.5; done
sleep 1
cvdcam snapshot view-loop.png --device 0 --format yuyv --warmup 0.5; rc $?
wait $view; echo "view status $?"
cat vl.log
exit 0
