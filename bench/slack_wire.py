"""What the Python bench scripts share on the wire: a request signed as Slack signs it, one
Content-Length framed response read from a keep-alive socket, and a process's memory from /proc.
Imported by bench/press-burst.py, bench/mixed-soak.py, bench/socket_mode.py and bench/ready_probe.py (their folder is
on sys.path)."""
import hashlib
import hmac
import time


def signed(secret, path, body, content_type="application/x-www-form-urlencoded"):
    """The raw bytes of a POST of `body` to `path`, signed with Slack's v0 scheme under `secret`."""
    stamp = str(int(time.time()))
    signature = hmac.new(secret.encode(), f"v0:{stamp}:{body}".encode(), hashlib.sha256).hexdigest()
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\nX-Slack-Request-Timestamp: {stamp}\r\n"
            f"X-Slack-Signature: v0={signature}\r\nContent-Length: {len(body.encode())}\r\n\r\n{body}").encode()


def read_response(s, buffer):
    """One Content-Length framed response from `s`: (status, body, the rest of the buffer)."""
    while b"\r\n\r\n" not in buffer:
        chunk = s.recv(65536)
        if not chunk:
            raise OSError("closed")
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        chunk = s.recv(65536)
        if not chunk:
            raise OSError("closed")
        rest += chunk
    return status, rest[:length], rest[length:]


def memory_mib(pid, field="VmRSS"):
    """A /proc/PID/status memory field (VmRSS, VmHWM) in MiB; 0 once the process is gone."""
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
