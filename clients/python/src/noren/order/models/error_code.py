from enum import StrEnum

class ErrorCode(StrEnum):
    CLIENT = "client"
    CONFLICT = "conflict"
    FORBIDDEN = "forbidden"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    NOT_FOUND = "not_found"
    PAYLOAD_TOO_LARGE = "payload_too_large"
    SERVER = "server"
    TOO_MANY_REQUESTS = "too_many_requests"
    UNAUTHORIZED = "unauthorized"

    def __str__(self) -> str:
        return str(self.value)
