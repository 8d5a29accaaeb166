from enum import StrEnum

class EventStatus(StrEnum):
    PAID = "paid"
    REFUNDED = "refunded"

    def __str__(self) -> str:
        return str(self.value)
