"""Small raw-HTTP helpers for the suites that must control every byte (multipart bodies, slow senders, huge bodies)."""
import http.client
import socket
import time
import uuid


def multipart(parts):
    """parts: list of (field, filename or None, bytes). Returns (content_type, body)."""
    boundary = "----snappost" + uuid.uuid4().hex
    chunks = []
    for field, filename, data in parts:
        disposition = f'form-data; name="{field}"' + (f'; filename="{filename}"' if filename is not None else "")
        chunks.append(f"--{boundary}\r\nContent-Disposition: {disposition}\r\n".encode())
        if filename is not None:
            chunks.append(b"Content-Type: application/octet-stream\r\n")
        chunks.append(b"\r\n" + data + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return f"multipart/form-data; boundary={boundary}", b"".join(chunks)


class Reply:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    @property
    def text(self):
        return self.body.decode("utf-8", "replace")

    def header(self, name):
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None


def request(base, method, path, body=b"", headers=None, timeout=120):
    host, port = base.replace("http://", "").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return Reply(response.status, response.getheaders(), response.read())
    finally:
        conn.close()


def upload(base, parts, path="/scans", extra_headers=None):
    content_type, body = multipart(parts)
    return request(base, "POST", path, body, {"Content-Type": content_type, **(extra_headers or {})})


def form(base, path, pairs):
    from urllib.parse import urlencode
    return request(base, "POST", path, urlencode(pairs).encode(), {"Content-Type": "application/x-www-form-urlencoded"})


def raw_exchange(base, head: bytes, body_chunks, delay=0.0, read_timeout=30):
    """Sends `head` then each body chunk (sleeping `delay` between), tolerating the server closing early,
    and returns (status or None, seconds until the server answered or closed)."""
    host, port = base.replace("http://", "").split(":")
    start = time.time()
    with socket.create_connection((host, int(port)), timeout=read_timeout) as sock:
        sock.sendall(head)
        try:
            for chunk in body_chunks:
                sock.sendall(chunk)
                if delay:
                    time.sleep(delay)
                    sock.setblocking(False)
                    try:
                        early = sock.recv(65536, socket.MSG_PEEK)
                        if early:
                            break
                    except BlockingIOError:
                        pass
                    finally:
                        sock.setblocking(True)
        except (BrokenPipeError, ConnectionResetError):
            pass
        data = b""
        try:
            sock.settimeout(read_timeout)
            while b"\r\n" not in data:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    elapsed = time.time() - start
    if data.startswith(b"HTTP/1."):
        return int(data.split(b" ")[1]), elapsed
    return None, elapsed
