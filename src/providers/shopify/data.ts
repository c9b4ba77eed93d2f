/**
 * Static tables behind fabricated Shopify payloads: real US places (so city, state, ZIP prefix, area
 * code, time zone and sales tax agree with each other), merchandise, carriers and themes. Tables
 * instead of faker's generic generators keep a build fast and the values coherent.
 */

/** A US time zone as Shopify names it on the shop object. */
export interface Zone {
  /** The shop's `iana_timezone`. */
  readonly iana: string;
  /** The shop's `timezone` label, which always shows the standard offset. */
  readonly label: string;
  /** Standard-time offset from UTC, minutes. */
  readonly standard: number;
  /** Whether the zone follows US daylight saving time. */
  readonly dst: boolean;
}

const ET: Zone = { iana: 'America/New_York', label: '(GMT-05:00) Eastern Time (US & Canada)', standard: -300, dst: true };
const CT: Zone = { iana: 'America/Chicago', label: '(GMT-06:00) Central Time (US & Canada)', standard: -360, dst: true };
const MT: Zone = { iana: 'America/Denver', label: '(GMT-07:00) Mountain Time (US & Canada)', standard: -420, dst: true };
const AZ: Zone = { iana: 'America/Phoenix', label: '(GMT-07:00) Arizona', standard: -420, dst: false };
const PT: Zone = { iana: 'America/Los_Angeles', label: '(GMT-08:00) Pacific Time (US & Canada)', standard: -480, dst: true };
const AK: Zone = { iana: 'America/Anchorage', label: '(GMT-09:00) Alaska', standard: -540, dst: true };
const HI: Zone = { iana: 'Pacific/Honolulu', label: '(GMT-10:00) Hawaii', standard: -600, dst: false };

/** A US city with what must agree with it in an address. */
export interface Place {
  readonly city: string;
  readonly province: string;
  readonly provinceCode: string;
  /** First three digits of its ZIP codes. */
  readonly zip3: string;
  readonly areaCode: string;
  readonly lat: number;
  readonly lng: number;
  readonly zone: Zone;
  /** State sales tax rate (local taxes left out); 0 where the state has none. */
  readonly taxRate: number;
}

const place = (
  city: string,
  province: string,
  provinceCode: string,
  zip3: string,
  areaCode: string,
  lat: number,
  lng: number,
  zone: Zone,
  taxRate: number,
): Place => ({ city, province, provinceCode, zip3, areaCode, lat, lng, zone, taxRate });

export const PLACES: readonly Place[] = [
  place('New York', 'New York', 'NY', '100', '212', 40.7128, -74.006, ET, 0.04),
  place('Brooklyn', 'New York', 'NY', '112', '718', 40.6782, -73.9442, ET, 0.04),
  place('Boston', 'Massachusetts', 'MA', '021', '617', 42.3601, -71.0589, ET, 0.0625),
  place('Philadelphia', 'Pennsylvania', 'PA', '191', '215', 39.9526, -75.1652, ET, 0.06),
  place('Atlanta', 'Georgia', 'GA', '303', '404', 33.749, -84.388, ET, 0.04),
  place('Miami', 'Florida', 'FL', '331', '305', 25.7617, -80.1918, ET, 0.06),
  place('Charlotte', 'North Carolina', 'NC', '282', '704', 35.2271, -80.8431, ET, 0.0475),
  place('Columbus', 'Ohio', 'OH', '432', '614', 39.9612, -82.9988, ET, 0.0575),
  place('Detroit', 'Michigan', 'MI', '482', '313', 42.3314, -83.0458, ET, 0.06),
  place('Wilmington', 'Delaware', 'DE', '198', '302', 39.7391, -75.5398, ET, 0),
  place('Portsmouth', 'New Hampshire', 'NH', '038', '603', 43.0718, -70.7626, ET, 0),
  place('Chicago', 'Illinois', 'IL', '606', '312', 41.8781, -87.6298, CT, 0.0625),
  place('Nashville', 'Tennessee', 'TN', '372', '615', 36.1627, -86.7816, CT, 0.07),
  place('Austin', 'Texas', 'TX', '787', '512', 30.2672, -97.7431, CT, 0.0625),
  place('Houston', 'Texas', 'TX', '770', '713', 29.7604, -95.3698, CT, 0.0625),
  place('Minneapolis', 'Minnesota', 'MN', '554', '612', 44.9778, -93.265, CT, 0.06875),
  place('Kansas City', 'Missouri', 'MO', '641', '816', 39.0997, -94.5786, CT, 0.04225),
  place('New Orleans', 'Louisiana', 'LA', '701', '504', 29.9511, -90.0715, CT, 0.0445),
  place('Denver', 'Colorado', 'CO', '802', '303', 39.7392, -104.9903, MT, 0.029),
  place('Salt Lake City', 'Utah', 'UT', '841', '801', 40.7608, -111.891, MT, 0.0485),
  place('Phoenix', 'Arizona', 'AZ', '850', '602', 33.4484, -112.074, AZ, 0.056),
  place('Los Angeles', 'California', 'CA', '900', '213', 34.0522, -118.2437, PT, 0.0725),
  place('San Francisco', 'California', 'CA', '941', '415', 37.7749, -122.4194, PT, 0.0725),
  place('San Diego', 'California', 'CA', '921', '619', 32.7157, -117.1611, PT, 0.0725),
  place('Seattle', 'Washington', 'WA', '981', '206', 47.6062, -122.3321, PT, 0.065),
  place('Portland', 'Oregon', 'OR', '972', '503', 45.5152, -122.6784, PT, 0),
  place('Las Vegas', 'Nevada', 'NV', '891', '702', 36.1699, -115.1398, PT, 0.0685),
  place('Anchorage', 'Alaska', 'AK', '995', '907', 61.2181, -149.9003, AK, 0),
  place('Honolulu', 'Hawaii', 'HI', '968', '808', 21.3069, -157.8583, HI, 0.04),
];

export const STREETS: readonly string[] = [
  'Main Street', 'Oak Avenue', 'Maple Drive', 'Cedar Lane', 'Elm Street', 'Pine Street', 'Washington Avenue',
  'Park Avenue', 'Lake Road', 'Hill Street', 'Church Street', 'Highland Avenue', 'Sunset Boulevard', 'River Road',
  'Franklin Street', 'Lincoln Avenue', 'Jefferson Street', 'Madison Avenue', 'Broadway', 'Walnut Street',
  'Spring Street', 'Chestnut Street', 'Market Street', 'Center Street', 'Union Street', 'Mill Road',
  'Forest Avenue', 'Meadow Lane', 'Ridge Road', 'Willow Way',
];

export const UNITS: readonly string[] = ['Apt 2B', 'Apt 4C', 'Unit 12', 'Suite 200', 'Apt 301', 'Floor 3'];

export const EMAIL_DOMAINS: readonly string[] = ['example.com', 'example.net', 'example.org'];

export const SHOP_SUFFIXES: readonly string[] = [
  'Supply Co.', 'Goods', 'Outfitters', 'Studio', 'Market', 'Trading Co.', 'Apparel', 'Home', 'General Store', 'Roasters',
];

/** Shopify plans: display name and the `plan_name` the REST shop object carries. */
export const PLANS: readonly (readonly [string, string])[] = [
  ['Basic', 'basic'],
  ['Grow', 'professional'],
  ['Advanced', 'unlimited'],
  ['Shopify Plus', 'shopify_plus'],
];

/** A kind of merchandise and how its variants differ. */
export interface Merch {
  readonly noun: string;
  readonly productType: string;
  /** Price range in cents; prices end in .00, .95 or .99 after rounding. */
  readonly min: number;
  readonly max: number;
  readonly grams: number;
  readonly option: { readonly name: string; readonly values: readonly string[] } | null;
}

const SIZES = { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] } as const;
const COLORS = { name: 'Color', values: ['Black', 'White', 'Heather Grey', 'Navy', 'Forest Green', 'Sand', 'Rust'] } as const;

export const MERCH: readonly Merch[] = [
  { noun: 'T-Shirt', productType: 'Shirts', min: 1800, max: 4200, grams: 180, option: SIZES },
  { noun: 'Hoodie', productType: 'Sweatshirts', min: 4800, max: 9800, grams: 620, option: SIZES },
  { noun: 'Crewneck Sweatshirt', productType: 'Sweatshirts', min: 4200, max: 8800, grams: 540, option: SIZES },
  { noun: 'Joggers', productType: 'Pants', min: 4400, max: 8900, grams: 480, option: SIZES },
  { noun: 'Beanie', productType: 'Hats', min: 1800, max: 3600, grams: 90, option: COLORS },
  { noun: 'Baseball Cap', productType: 'Hats', min: 2200, max: 3800, grams: 110, option: COLORS },
  { noun: 'Tote Bag', productType: 'Bags', min: 1600, max: 4800, grams: 210, option: COLORS },
  { noun: 'Ceramic Mug', productType: 'Drinkware', min: 1400, max: 3200, grams: 380, option: COLORS },
  { noun: 'Water Bottle', productType: 'Drinkware', min: 2200, max: 4500, grams: 340, option: COLORS },
  { noun: 'Scented Candle', productType: 'Candles', min: 1800, max: 5200, grams: 450, option: { name: 'Scent', values: ['Cedar', 'Fig', 'Sea Salt', 'Lavender', 'Amber'] } },
  { noun: 'Throw Blanket', productType: 'Blankets', min: 6800, max: 16800, grams: 1300, option: COLORS },
  { noun: 'Whole Bean Coffee', productType: 'Coffee', min: 1500, max: 2800, grams: 360, option: { name: 'Size', values: ['12 oz', '2 lb', '5 lb'] } },
  { noun: 'Lip Balm', productType: 'Skin Care', min: 600, max: 1400, grams: 20, option: null },
  { noun: 'Face Serum', productType: 'Skin Care', min: 2600, max: 7200, grams: 95, option: null },
  { noun: 'Notebook', productType: 'Stationery', min: 1200, max: 3200, grams: 260, option: null },
  { noun: 'Phone Case', productType: 'Accessories', min: 2400, max: 4800, grams: 60, option: { name: 'Model', values: ['iPhone 15', 'iPhone 16', 'iPhone 16 Pro', 'Pixel 9'] } },
];

export const ADJECTIVES: readonly string[] = [
  'Classic', 'Everyday', 'Organic', 'Heavyweight', 'Vintage', 'Essential', 'Signature', 'Relaxed', 'Premium',
  'Recycled', 'Waxed', 'Ribbed', 'Washed', 'Original', 'Field',
];

export const COLLECTION_TITLES: readonly string[] = [
  'New Arrivals', 'Best Sellers', 'Summer Essentials', 'Gift Guide', 'Sale', 'Home & Living', 'Accessories',
  'Staff Picks', 'Back in Stock', 'Holiday Shop', 'Outerwear', 'Coffee & Tea',
];

export const SHIPPING_RATES: readonly (readonly [string, number])[] = [
  ['Standard', 599],
  ['Economy', 499],
  ['Express', 1499],
  ['Free Shipping', 0],
];

/** Carriers with a tracking number shape and tracking URL. */
export const CARRIERS: readonly {
  readonly name: string;
  readonly prefix: string;
  readonly digits: number;
  readonly url: string;
}[] = [
  { name: 'UPS', prefix: '1Z', digits: 16, url: 'https://www.ups.com/WebTracking?loc=en_US&requester=ST&trackNums=' },
  { name: 'USPS', prefix: '9400', digits: 18, url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' },
  { name: 'FedEx', prefix: '', digits: 12, url: 'https://www.fedex.com/fedextrack/?trknbr=' },
];

export const DISCOUNT_CODES: readonly (readonly [string, number])[] = [
  ['WELCOME10', 10],
  ['SPRING15', 15],
  ['VIP20', 20],
  ['THANKYOU5', 5],
];

export const CANCEL_REASONS: readonly string[] = ['customer', 'inventory', 'fraud', 'declined', 'other'];

/** Online Store 2.0 themes from the Theme Store, with their ids. */
export const THEMES: readonly (readonly [string, number])[] = [
  ['Dawn', 887],
  ['Refresh', 1567],
  ['Sense', 1356],
  ['Craft', 1368],
  ['Studio', 1431],
  ['Taste', 1434],
  ['Crave', 1363],
  ['Ride', 1500],
  ['Origin', 1841],
];

export const ACCESS_SCOPES: readonly string[] = [
  'read_products', 'write_products', 'read_orders', 'write_orders', 'read_customers', 'write_customers',
  'read_inventory', 'write_inventory', 'read_fulfillments', 'write_fulfillments', 'read_themes', 'read_locations',
];

export const USER_AGENTS: readonly string[] = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];

export const REFERRERS: readonly (string | null)[] = [null, 'https://www.google.com/', 'https://www.instagram.com/', 'https://l.facebook.com/'];

export const REFUND_NOTES: readonly (string | null)[] = [null, 'Damaged in transit', 'Wrong size', 'Customer changed their mind', 'Item not as described'];
