""" Contains all the data models used in inputs/outputs """

from .admin_cancel_values import AdminCancelValues
from .advance_clock_values import AdvanceClockValues
from .advance_ran import AdvanceRan
from .advance_ran_ran import AdvanceRanRan
from .availability import Availability
from .calendar import Calendar
from .calendar_day import CalendarDay
from .cancel_values import CancelValues
from .changed_by import ChangedBy
from .child_course import ChildCourse
from .course_i18n import CourseI18N
from .course_images import CourseImages
from .course_page import CoursePage
from .course_price import CoursePrice
from .create_clock_values import CreateClockValues
from .create_endpoint_values import CreateEndpointValues
from .create_values import CreateValues
from .create_values_requested_courses_item import CreateValuesRequestedCoursesItem
from .deleted_test_clock import DeletedTestClock
from .deleted_webhook_endpoint import DeletedWebhookEndpoint
from .error_code import ErrorCode
from .field_error import FieldError
from .get_inbound_shop_language_code import GetInboundShopLanguageCode
from .hold import Hold
from .hold_values import HoldValues
from .hold_values_requested_courses_item import HoldValuesRequestedCoursesItem
from .inbound_error_body import InboundErrorBody
from .inbound_shop import InboundShop
from .lang import Lang
from .list_inbound_shop_courses_language_code import ListInboundShopCoursesLanguageCode
from .list_inbound_shops_language_code import ListInboundShopsLanguageCode
from .list_webhook_deliveries_outcome import ListWebhookDeliveriesOutcome
from .notified_reservation import NotifiedReservation
from .opening import Opening
from .recover_values import RecoverValues
from .refusal_reason import RefusalReason
from .requested_course import RequestedCourse
from .reservation import Reservation
from .reservation_course import ReservationCourse
from .reservation_list import ReservationList
from .reservation_status import ReservationStatus
from .reservation_status_changed import ReservationStatusChanged
from .rotate_values import RotateValues
from .shop_business_hours import ShopBusinessHours
from .shop_course import ShopCourse
from .shop_i18n import ShopI18N
from .shop_images import ShopImages
from .shop_page import ShopPage
from .shop_tag import ShopTag
from .test_clock import TestClock
from .test_event_values import TestEventValues
from .time_range import TimeRange
from .update_endpoint_values import UpdateEndpointValues
from .update_values import UpdateValues
from .update_values_requested_courses_item import UpdateValuesRequestedCoursesItem
from .webhook_delivery_attempt import WebhookDeliveryAttempt
from .webhook_delivery_attempt_request_headers import WebhookDeliveryAttemptRequestHeaders
from .webhook_delivery_attempt_response_headers_type_0 import WebhookDeliveryAttemptResponseHeadersType0
from .webhook_delivery_page import WebhookDeliveryPage
from .webhook_endpoint import WebhookEndpoint
from .webhook_endpoint_list import WebhookEndpointList
from .webhook_recovery import WebhookRecovery
from .webhook_test_event import WebhookTestEvent

__all__ = (
    "AdminCancelValues",
    "AdvanceClockValues",
    "AdvanceRan",
    "AdvanceRanRan",
    "Availability",
    "Calendar",
    "CalendarDay",
    "CancelValues",
    "ChangedBy",
    "ChildCourse",
    "CourseI18N",
    "CourseImages",
    "CoursePage",
    "CoursePrice",
    "CreateClockValues",
    "CreateEndpointValues",
    "CreateValues",
    "CreateValuesRequestedCoursesItem",
    "DeletedTestClock",
    "DeletedWebhookEndpoint",
    "ErrorCode",
    "FieldError",
    "GetInboundShopLanguageCode",
    "Hold",
    "HoldValues",
    "HoldValuesRequestedCoursesItem",
    "InboundErrorBody",
    "InboundShop",
    "Lang",
    "ListInboundShopCoursesLanguageCode",
    "ListInboundShopsLanguageCode",
    "ListWebhookDeliveriesOutcome",
    "NotifiedReservation",
    "Opening",
    "RecoverValues",
    "RefusalReason",
    "RequestedCourse",
    "Reservation",
    "ReservationCourse",
    "ReservationList",
    "ReservationStatus",
    "ReservationStatusChanged",
    "RotateValues",
    "ShopBusinessHours",
    "ShopCourse",
    "ShopI18N",
    "ShopImages",
    "ShopPage",
    "ShopTag",
    "TestClock",
    "TestEventValues",
    "TimeRange",
    "UpdateEndpointValues",
    "UpdateValues",
    "UpdateValuesRequestedCoursesItem",
    "WebhookDeliveryAttempt",
    "WebhookDeliveryAttemptRequestHeaders",
    "WebhookDeliveryAttemptResponseHeadersType0",
    "WebhookDeliveryPage",
    "WebhookEndpoint",
    "WebhookEndpointList",
    "WebhookRecovery",
    "WebhookTestEvent",
)
