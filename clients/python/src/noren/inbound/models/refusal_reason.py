from enum import StrEnum

class RefusalReason(StrEnum):
    CANCELLATION_DAY_OF = "cancellation_day_of"
    CANCELLATION_NOT_ALLOWED = "cancellation_not_allowed"
    COURSE_MIX = "course_mix"
    COURSE_NOT_VALID = "course_not_valid"
    CUTOFF_PASSED = "cutoff_passed"
    DUPLICATE_ORIGIN_NUMBER = "duplicate_origin_number"
    HOLD_EXPIRED = "hold_expired"
    HOLD_MISMATCH = "hold_mismatch"
    OUTSIDE_BUSINESS_HOURS = "outside_business_hours"
    OUTSIDE_COURSE_HOURS = "outside_course_hours"
    PARTY_SIZE = "party_size"
    QUANTITY_LIMIT = "quantity_limit"
    SLOT_UNAVAILABLE = "slot_unavailable"
    STATUS_CONFLICT = "status_conflict"
    UPDATES_DISABLED = "updates_disabled"

    def __str__(self) -> str:
        return str(self.value)
