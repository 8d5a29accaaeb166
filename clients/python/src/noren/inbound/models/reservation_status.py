from enum import StrEnum

class ReservationStatus(StrEnum):
    CANCELLED = "CANCELLED"
    CANCELLED_HALF_REFUND = "CANCELLED_HALF_REFUND"
    CANCELLED_NO_REFUND = "CANCELLED_NO_REFUND"
    NOT_AVAILABLE = "NOT_AVAILABLE"
    PENDING = "PENDING"
    SUCCESS = "SUCCESS"

    def __str__(self) -> str:
        return str(self.value)
