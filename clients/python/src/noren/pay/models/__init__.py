""" Contains all the data models used in inputs/outputs """

from .advance_ran import AdvanceRan
from .advance_ran_ran import AdvanceRanRan
from .available_payment import AvailablePayment
from .charge import Charge
from .created_payment import CreatedPayment
from .currency_info import CurrencyInfo
from .deleted_test_clock import DeletedTestClock
from .deleted_webhook_endpoint import DeletedWebhookEndpoint
from .delivery_attempt import DeliveryAttempt
from .error_body import ErrorBody
from .error_code import ErrorCode
from .event_status import EventStatus
from .field_error import FieldError
from .history_entry import HistoryEntry
from .key_check_result import KeyCheckResult
from .key_info import KeyInfo
from .lang import Lang
from .legal_person import LegalPerson
from .list_webhook_deliveries_outcome import ListWebhookDeliveriesOutcome
from .mini_program_charge import MiniProgramCharge
from .payment import Payment
from .payment_page import PaymentPage
from .predefined_payment import PredefinedPayment
from .refund_result import RefundResult
from .shop import Shop
from .shop_device import ShopDevice
from .test_clock import TestClock
from .value_added_service import ValueAddedService
from .value_added_service_items_item import ValueAddedServiceItemsItem
from .webhook_delivery_attempt import WebhookDeliveryAttempt
from .webhook_delivery_attempt_request_headers import WebhookDeliveryAttemptRequestHeaders
from .webhook_delivery_attempt_response_headers_type_0 import WebhookDeliveryAttemptResponseHeadersType0
from .webhook_delivery_page import WebhookDeliveryPage
from .webhook_endpoint import WebhookEndpoint
from .webhook_endpoint_list import WebhookEndpointList
from .webhook_event import WebhookEvent
from .webhook_event_page import WebhookEventPage
from .webhook_event_record import WebhookEventRecord
from .webhook_recovery import WebhookRecovery
from .webhook_test_event import WebhookTestEvent

__all__ = (
    "AdvanceRan",
    "AdvanceRanRan",
    "AvailablePayment",
    "Charge",
    "CreatedPayment",
    "CurrencyInfo",
    "DeletedTestClock",
    "DeletedWebhookEndpoint",
    "DeliveryAttempt",
    "ErrorBody",
    "ErrorCode",
    "EventStatus",
    "FieldError",
    "HistoryEntry",
    "KeyCheckResult",
    "KeyInfo",
    "Lang",
    "LegalPerson",
    "ListWebhookDeliveriesOutcome",
    "MiniProgramCharge",
    "Payment",
    "PaymentPage",
    "PredefinedPayment",
    "RefundResult",
    "Shop",
    "ShopDevice",
    "TestClock",
    "ValueAddedService",
    "ValueAddedServiceItemsItem",
    "WebhookDeliveryAttempt",
    "WebhookDeliveryAttemptRequestHeaders",
    "WebhookDeliveryAttemptResponseHeadersType0",
    "WebhookDeliveryPage",
    "WebhookEndpoint",
    "WebhookEndpointList",
    "WebhookEvent",
    "WebhookEventPage",
    "WebhookEventRecord",
    "WebhookRecovery",
    "WebhookTestEvent",
)
