from enum import StrEnum

class LookupValuesLangType0(StrEnum):
    EN = "en"
    JA = "ja"
    KO = "ko"
    ZH_CN = "zh-CN"
    ZH_TW = "zh-TW"

    def __str__(self) -> str:
        return str(self.value)
