"""A scripted Gomocup brain that misbehaves on purpose, for tests of tictactoe.engine.

Usage: ``python fake_brain.py MODE [LOG]``. Every mode answers START and ABOUT; the move
commands (BEGIN, TURN, BOARD ... DONE) are answered by the mode:

- ``first``: plays the first free cell (row by row), like a good, dull brain.
- ``crash``: exits with status 3 instead of moving.
- ``sleep``: sleeps 30 s instead of moving.
- ``garbage``: answers a line that is no move.
- ``taken``: plays the cell the opponent just took (or 0,0 twice).
- ``refuse``: answers ERROR.
- ``silent``: never answers anything, not even ABOUT.
- ``chatty``: like ``first``, with MESSAGE and DEBUG lines and CR line ends.

With LOG, every line received is appended to that file.
"""

import sys
import time

MODE = sys.argv[1] if __name__ == "__main__" else "first"
LOG = sys.argv[2] if __name__ == "__main__" and len(sys.argv) > 2 else None
END_LINE = "\r" if MODE == "chatty" else "\n"
stones: set[tuple[int, int]] = set()
size = (0, 0)
last: tuple[int, int] = (0, 0)


def say(text: str) -> None:
    sys.stdout.write(text + END_LINE)
    sys.stdout.flush()


def move() -> None:
    global last
    if MODE == "crash":
        sys.exit(3)
    if MODE == "sleep":
        time.sleep(30)
    if MODE == "garbage":
        say("I resign, good game")
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
