#!/usr/bin/env python3
"""Issue 17's window figures for a large board, measured from outside the
game as a person meets them, on a virtual X display (Xvfb).

    python3 docs/bench/window_latency.py BINARY [ID] [CLICKS]

Starts `BINARY play ID` (default square:1000x1000:kruskal:hard#1) on a
fresh Xvfb display and prints:

- start to window: the process started to its window mapped;
- window to first board frame: the window mapped to a pixel of the board
  differing from the background (polled with XGetImage every 2 ms);
- per click (XTest presses, at tiles spread over the window): press to
  title (WM_NAME shows the new move count, polled every 1 ms) and press
  to changed pixels (the 9x9 pixels around the press differ from before,
  polled every 1 ms);
- the peak resident memory (VmHWM of /proc/PID/status) after the clicks;
- with LATENCY_NEW_GAME=1, then N (a new game of the same size, once the
  board is rated): press to title (the move count back to 0) and press
  to a row of the board changing, and the peak memory 4 s after it.

Only the standard library: X11 and XTest through ctypes. A poll itself
takes a fraction of a millisecond, so figures are good to about 1-2 ms.
"""

import ctypes
import ctypes.util
import os
import subprocess
import sys
import time

ID = sys.argv[2] if len(sys.argv) > 2 else "square:1000x1000:kruskal:hard#1"
CLICKS = int(sys.argv[3]) if len(sys.argv) > 3 else 10
BINARY = sys.argv[1]
DISPLAY = os.environ.get("LATENCY_DISPLAY", ":57")
NEW_GAME = os.environ.get("LATENCY_NEW_GAME") == "1"


x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
xtst = ctypes.cdll.LoadLibrary("libXtst.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XDefaultRootWindow.restype = ctypes.c_ulong
x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x11.XGetImage.restype = ctypes.c_void_p
x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                          ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
x11.XGetPixel.restype = ctypes.c_ulong
x11.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
x11.XDestroyImage = None  # a macro; freed with XFree of the struct below
x11.XFree.argtypes = [ctypes.c_void_p]
x11.XStringToKeysym.restype = ctypes.c_ulong
x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
x11.XKeysymToKeycode.restype = ctypes.c_ubyte
x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
x11.XFetchName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_char_p)]
x11.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                           ctypes.POINTER(ctypes.c_ulong),
                           ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                           ctypes.POINTER(ctypes.c_uint)]
x11.XFlush.argtypes = [ctypes.c_void_p]
x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x11.XWarpPointer.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int,
                             ctypes.c_int, ctypes.c_uint, ctypes.c_uint, ctypes.c_int,
                             ctypes.c_int]
xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                      ctypes.c_ulong]
ALL_PLANES = 0xFFFFFFFF
Z_PIXMAP = 2


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int)]


def now():
    return time.monotonic()


def pixels(dpy, root, x, y, w, h):
    img = x11.XGetImage(dpy, root, x, y, w, h, ALL_PLANES, Z_PIXMAP)
    if not img:
        return None
    out = [x11.XGetPixel(img, i, j) for j in range(h) for i in range(w)]
    # XDestroyImage is a macro calling the image's destroy function; the
    # leak of a few small images in a measurement script is harmless.
    return out


def windows(dpy, root):
    root_ret, parent = ctypes.c_ulong(), ctypes.c_ulong()
    children = ctypes.POINTER(ctypes.c_ulong)()
    n = ctypes.c_uint()
    if not x11.XQueryTree(dpy, root, ctypes.byref(root_ret), ctypes.byref(parent),
                          ctypes.byref(children), ctypes.byref(n)):
        return []
    found = [children[i] for i in range(n.value)]
    return found


def title(dpy, win):
    name = ctypes.c_char_p()
    if x11.XFetchName(dpy, win, ctypes.byref(name)) and name.value is not None:
        raw = name.value
        # WM_NAME is Latin-1 (minifb writes the middle dot as one byte).
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
    return ""


def game_window(dpy, root):
    for win in windows(dpy, root):
        if title(dpy, win).startswith("LightEmAll"):
            return win
    return None


def moves(text):
    try:
        return int(text.split(" · moves ")[1].split(" ")[0])
    except (IndexError, ValueError):
        return None


def memory(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(("VmHWM", "VmRSS")):
                print(line.strip())


def new_game(dpy, root, win):
    """N once the board is rated: press to the title's move count back to
    0, press to the board's pixels changing, then the new board rated."""
    time.sleep(3.0)
    before = pixels(dpy, root, 100, 500, 600, 1)
    keycode = x11.XKeysymToKeycode(dpy, x11.XStringToKeysym(b"n"))
    pressed = now()
    xtst.XTestFakeKeyEvent(dpy, keycode, 1, 0)
    xtst.XTestFakeKeyEvent(dpy, keycode, 0, 0)
    x11.XFlush(dpy)
    t_title = t_pixels = None
    while (t_title is None or t_pixels is None) and now() - pressed < 30:
        if t_title is None and moves(title(dpy, win)) == 0:
            t_title = now() - pressed
        if t_pixels is None and pixels(dpy, root, 100, 500, 600, 1) != before:
            t_pixels = now() - pressed
        time.sleep(0.001)
    fmt = lambda t: "none" if t is None else f"{t * 1000:.0f} ms"
    print(f"N: press to title {fmt(t_title)}, press to pixels {fmt(t_pixels)}")
    time.sleep(4.0)


def main():
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                            stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    env = dict(os.environ, DISPLAY=DISPLAY, XDG_DATA_HOME="/tmp/lightemall-latency")
    dpy = x11.XOpenDisplay(DISPLAY.encode())
    root = x11.XDefaultRootWindow(dpy)
    background = pixels(dpy, root, 0, 0, 1, 1)[0]
    start = now()
    game = subprocess.Popen([BINARY, "play", ID], env=env, stderr=subprocess.PIPE)
    win = None
    while win is None:
        win = game_window(dpy, root)
        time.sleep(0.002)
    mapped = now()
    print(f"start to window: {(mapped - start) * 1000:.0f} ms")
    # The board: a window of at most 1280x960 at (0, 0), the board below
    # the panel (104 px): a band of rows across the middle.
    while True:
        row = pixels(dpy, root, 100, 500, 600, 1)
        if row and len(set(row)) > 2:
            break
        time.sleep(0.002)
    first = now()
    print(f"window to first board frame: {(first - mapped) * 1000:.0f} ms")
    time.sleep(1.0)
    results = []
    for k in range(CLICKS):
        x, y = 200 + (k * 97) % 900, 300 + (k * 61) % 500
        before_title = title(dpy, win)
        before_moves = moves(before_title)
        before = pixels(dpy, root, x - 4, y - 4, 9, 9)
        x11.XWarpPointer(dpy, 0, root, 0, 0, 0, 0, x, y)
        x11.XSync(dpy, 0)
        time.sleep(0.05)
        pressed = now()
        xtst.XTestFakeButtonEvent(dpy, 1, 1, 0)
        x11.XFlush(dpy)
        t_title = t_pixels = None
        released = False
        while (t_title is None or t_pixels is None) and now() - pressed < 10:
            if not released and now() - pressed > 0.03:
                xtst.XTestFakeButtonEvent(dpy, 1, 0, 0)
                x11.XFlush(dpy)
                released = True
            if t_title is None and moves(title(dpy, win)) not in (None, before_moves):
                t_title = now() - pressed
            if t_pixels is None and pixels(dpy, root, x - 4, y - 4, 9, 9) != before:
                t_pixels = now() - pressed
            time.sleep(0.001)
        if not released:
            xtst.XTestFakeButtonEvent(dpy, 1, 0, 0)
            x11.XFlush(dpy)
        results.append((t_title, t_pixels))
        fmt = lambda t: "none" if t is None else f"{t * 1000:.0f} ms"
        print(f"click {k} at {x},{y}: press to title {fmt(t_title)}, press to pixels {fmt(t_pixels)}")
        time.sleep(0.3)
    memory(game.pid)
    if NEW_GAME:
        new_game(dpy, root, win)
        memory(game.pid)
    game.terminate()
    game.wait()
    xvfb.terminate()
    xvfb.wait()
    titles = sorted(t for t, _ in results if t is not None)
    shown = sorted(p for _, p in results if p is not None)
    if titles and shown:
        print(f"press to title: median {titles[len(titles) // 2] * 1000:.0f} ms, "
              f"max {titles[-1] * 1000:.0f} ms; press to pixels: median "
              f"{shown[len(shown) // 2] * 1000:.0f} ms, max {shown[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
