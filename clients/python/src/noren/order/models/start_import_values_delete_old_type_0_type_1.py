from enum import StrEnum

class StartImportValuesDeleteOldType0Type1(StrEnum):
    ALL = "all"
    FALSE = "false"
    TRUE = "true"

    def __str__(self) -> str:
        return str(self.value)
