// The trading domain's server parts, registered by name for the resource files that use them
// (schemas/resources/purchaseOffers.json, contracts.json): handlers, derived amounts, the
// contract document and the messages and todos its events produce.
import './amounts';
import './contractDocument';
import './contractInitiate';
import './offerCounterparty';
import './notifications';
import './offerAccept';
