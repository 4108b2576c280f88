"""A scripted Gomocup brain that misbehaves on purpose, for tests of tictactoe.engine.

Usage: ``python fake_brain.py MODE [LOG]``. Every mode answers START and ABOUT; the move
commands (BEGIN, TURN, BOARD ... DONE) are answered by the mode:

- ``first``: plays the first free cell (row by row), like a good, dull brain.
- ``crash``: exits with status 3 instead of moving.
- ``sleep``: sleeps 30 s instead of moving.
- ``garbage``: answers a line that is no move.
- ``taken``: plays the cell the opponent just took (or 0,0 twice).
- ``off``: plays a cell off the board.
- ``refuse``: answers ERROR.
- ``silent``: never answers anything, not even ABOUT.
- ``chatty``: like ``first``, with MESSAGE and DEBUG lines and CR line ends.
- ``interrupt``: like ``first``, and sends SIGINT to its parent at its first move, as a
  Ctrl-C at the terminal would; ``interrupt-twice`` does so at its first two moves.
- ``once-MODE`` (with LOG): plays as MODE while LOG does not exist yet, then as ``first``:
  a brain that misbehaves in its first process only, to test that it is started again.

With LOG, every line received is appended to that file. With the environment variable
``FAKE_BRAIN_PIDS`` set to a file name, the brain appends its process id to that file.
"""

import os
import signal
import sys
import time

MODE = sys.argv[1] if __name__ == "__main__" else "first"
LOG = sys.argv[2] if __name__ == "__main__" and len(sys.argv) > 2 else None
if MODE.startswith("once-"):
    MODE = MODE.removeprefix("once-") if LOG and not os.path.exists(LOG) else "first"
interrupts_left = {"interrupt": 1, "interrupt-twice": 2}.get(MODE, 0)
END_LINE = "\r" if MODE == "chatty" else "\n"
stones: set[tuple[int, int]] = set()
size = (0, 0)
last: tuple[int, int] = (0, 0)


def say(text: str) -> None:
    sys.stdout.write(text + END_LINE)
    sys.stdout.flush()


def move() -> None:
    global last, interrupts_left
    if interrupts_left:
        interrupts_left -= 1
        os.kill(os.getppid(), signal.SIGINT)
    if MODE == "crash":
        sys.exit(3)
    if MODE == "sleep":
        time.sleep(30)
    if MODE == "garbage":
        say("I resign, good game")
        return
    if MODE == "off":
        say(f"{size[0]},0")
        return
    if MODE == "refuse":
        say("ERROR cannot think today")
        return
    if MODE == "taken":
        say(f"{last[0]},{last[1]}")
        stones.add(last)
        return
    if MODE == "chatty":
        say("MESSAGE thinking hard")
        say("DEBUG depth 1")
    width, height = size
    for y in range(height):
        for x in range(width):
            if (x, y) not in stones:
                stones.add((x, y))
                say(f"{x},{y}")
                return


def main() -> None:
    global size, last
    if os.environ.get("FAKE_BRAIN_PIDS"):
        with open(os.environ["FAKE_BRAIN_PIDS"], "a") as pids:
            pids.write(f"{os.getpid()}\n")
    board = False
    for raw in sys.stdin:
        line = raw.strip()
        if LOG:
            with open(LOG, "a") as log:
                log.write(line + "\n")
        if MODE == "silent" or not line:
            continue
        word, _, rest = line.partition(" ")
        if board:
            if word == "DONE":
                board = False
                move()
            else:
                x, y, _field = (int(part) for part in line.split(","))
                stones.add((x, y))
                last = (x, y)
        elif word == "ABOUT":
            say(f'name="fake-{MODE}", version="1.0"')
        elif word in ("START", "RECTSTART"):
            if word == "START":
                size = (int(rest), int(rest))
            else:
                width, height = rest.split(",")
                size = (int(width), int(height))
            stones.clear()
            last = (0, 0)
            say("OK")
        elif word == "BEGIN":
            move()
        elif word == "TURN":
            x, y = (int(part) for part in rest.split(","))
            stones.add((x, y))
            last = (x, y)
            move()
        elif word == "BOARD":
            board = True
        elif word == "END":
            return
        elif word != "INFO":
            say(f"UNKNOWN {line}")


if __name__ == "__main__":
    main()
