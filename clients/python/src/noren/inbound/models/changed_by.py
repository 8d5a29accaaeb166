from enum import StrEnum

class ChangedBy(StrEnum):
    MERCHANT = "merchant"
    PARTNER = "partner"

    def __str__(self) -> str:
        return str(self.value)
