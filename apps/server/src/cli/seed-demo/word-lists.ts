/**
 * Word lists for the demo shop (the seeder, ../seed-demo.ts): who the customers are, where parcels
 * go, what the booths print and how they fail. The shop sells to photo-booth operators in Southeast
 * Asia, so most customers are in Singapore and Indonesia and the rest spread over the region and
 * beyond.
 */

export interface NameGroup {
  first: readonly string[];
  last: readonly string[];
}

export interface CityInfo {
  city: string;
  state: string;
  /** Postal codes: a prefix completed with random digits up to `zipLength`, or fixed codes. */
  zipPrefix: string;
  zipLength: number;
  fixedZips?: readonly string[];
}

export interface CountryProfile {
  code: string;
  /** Share of customers, relative to the others. */
  weight: number;
  /** Wall-clock offset from UTC in hours, for the hours booths work and people shop. */
  utcOffsetHours: number;
  names: readonly NameGroup[];
  cities: readonly CityInfo[];
  streets: readonly string[];
  /** Street address from a house number and a street (and a unit number where it is the custom). */
  address: (n: number, street: string, unit: string) => string;
}

const CHINESE_SEA: NameGroup = {
  first: ['Wei Ling', 'Jun Jie', 'Hui Min', 'Kai Wen', 'Siew Mei', 'Zhi Hao', 'Xin Yi', 'Darren', 'Rachel', 'Marcus', 'Jasmine', 'Bryan', 'Michelle', 'Shawn', 'Eunice', 'Gabriel', 'Cheryl', 'Jonathan'],
  last: ['Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Wong', 'Goh', 'Chua', 'Koh', 'Teo', 'Yeo', 'Chong', 'Low', 'Sim', 'Ho', 'Chan'],
};
const MALAY: NameGroup = {
  first: ['Nurul', 'Siti', 'Muhammad Hafiz', 'Aisyah', 'Farhan', 'Nur Izzati', 'Amirul', 'Syafiqah', 'Haziq', 'Aqilah', 'Irfan', 'Zulaikha'],
  last: ['Rahman', 'Ismail', 'Hassan', 'Abdullah', 'Osman', 'Yusof', 'Salleh', 'Hamzah', 'Ibrahim', 'Jamal'],
};
const INDIAN_SEA: NameGroup = {
  first: ['Priya', 'Arjun', 'Kavitha', 'Ravi', 'Deepa', 'Suresh', 'Anitha', 'Vikram', 'Lakshmi', 'Karthik'],
  last: ['Kumar', 'Pillai', 'Nair', 'Singh', 'Rajan', 'Menon', 'Krishnan', 'Subramaniam'],
};
const INDONESIAN: NameGroup = {
  first: ['Budi', 'Siti', 'Agus', 'Dewi', 'Putri', 'Rizky', 'Andi', 'Indah', 'Fajar', 'Ayu', 'Bayu', 'Rina', 'Dimas', 'Wulan', 'Yoga', 'Citra', 'Eko', 'Lestari'],
  last: ['Santoso', 'Rahayu', 'Wijaya', 'Lestari', 'Maharani', 'Pratama', 'Saputra', 'Permata', 'Nugroho', 'Kusuma', 'Hidayat', 'Setiawan', 'Gunawan', 'Halim', 'Susanto', 'Wibowo'],
};
const FILIPINO: NameGroup = {
  first: ['Maria', 'Jose', 'Angelica', 'Mark', 'Kristine', 'John Paul', 'Camille', 'Paolo', 'Bea', 'Miguel'],
  last: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Ramos', 'Aquino'],
};
const THAI: NameGroup = {
  first: ['Somchai', 'Nattapong', 'Siriporn', 'Kanya', 'Pimchanok', 'Thanawat', 'Arthit', 'Ploy', 'Chaiwat', 'Supansa'],
  last: ['Srisuk', 'Wongsawat', 'Rattanakorn', 'Saetang', 'Boonmee', 'Kongsiri', 'Thongchai', 'Chaiyaporn'],
};
const VIETNAMESE: NameGroup = {
  first: ['Minh', 'Lan', 'Huong', 'Tuan', 'Linh', 'Quang', 'Thao', 'Duc', 'Mai', 'Khoa'],
  last: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Vu', 'Dang', 'Bui', 'Do', 'Ngo'],
};
const ENGLISH: NameGroup = {
  first: ['Olivia', 'James', 'Charlotte', 'Jack', 'Amelia', 'Noah', 'Emily', 'Liam', 'Sophie', 'Thomas', 'Grace', 'Daniel', 'Chloe', 'Ethan'],
  last: ['Smith', 'Jones', 'Williams', 'Brown', 'Taylor', 'Wilson', 'Martin', 'Anderson', 'Clarke', 'Walker', 'Harris', 'Mitchell'],
};

const numbered = (n: number, street: string) => `${n} ${street}`;

export const COUNTRIES: readonly CountryProfile[] = [
  {
    code: 'SG',
    weight: 34,
    utcOffsetHours: 8,
    names: [CHINESE_SEA, CHINESE_SEA, MALAY, INDIAN_SEA],
    cities: [{ city: 'Singapore', state: '', zipPrefix: '', zipLength: 6 }],
    streets: ['Ang Mo Kio Avenue 3', 'Tampines Street 21', 'Jurong West Street 52', 'Bedok North Road', 'Toa Payoh Lorong 1', 'Woodlands Drive 14', 'Ubi Avenue 1', 'Kallang Bahru', 'Serangoon Central', 'Punggol Field', 'Clementi Avenue 2', 'Yishun Ring Road'],
    address: (n, street, unit) => `Blk ${n} ${street} #${unit}`,
  },
  {
    code: 'ID',
    weight: 22,
    utcOffsetHours: 7,
    names: [INDONESIAN],
    cities: [
      { city: 'Jakarta Selatan', state: 'DKI Jakarta', zipPrefix: '12', zipLength: 5 },
      { city: 'Bandung', state: 'Jawa Barat', zipPrefix: '40', zipLength: 5 },
      { city: 'Surabaya', state: 'Jawa Timur', zipPrefix: '60', zipLength: 5 },
      { city: 'Denpasar', state: 'Bali', zipPrefix: '80', zipLength: 5 },
      { city: 'Yogyakarta', state: 'DI Yogyakarta', zipPrefix: '55', zipLength: 5 },
      { city: 'Medan', state: 'Sumatera Utara', zipPrefix: '20', zipLength: 5 },
    ],
    streets: ['Sudirman', 'Gatot Subroto', 'Diponegoro', 'Merdeka', 'Pahlawan', 'Kebon Jeruk Raya', 'Malioboro', 'Raya Kuta'],
    address: (n, street) => `Jl. ${street} No. ${n}`,
  },
  {
    code: 'MY',
    weight: 12,
    utcOffsetHours: 8,
    names: [MALAY, CHINESE_SEA, INDIAN_SEA],
    cities: [
      { city: 'Kuala Lumpur', state: 'Wilayah Persekutuan', zipPrefix: '50', zipLength: 5 },
      { city: 'Petaling Jaya', state: 'Selangor', zipPrefix: '47', zipLength: 5 },
      { city: 'Johor Bahru', state: 'Johor', zipPrefix: '80', zipLength: 5 },
      { city: 'George Town', state: 'Pulau Pinang', zipPrefix: '10', zipLength: 5 },
    ],
    streets: ['Jalan Ampang', 'Jalan Bukit Bintang', 'Jalan SS 2/24', 'Jalan Tun Razak', 'Jalan Gasing', 'Lebuh Chulia'],
    address: (n, street) => `${n}, ${street}`,
  },
  {
    code: 'PH',
    weight: 8,
    utcOffsetHours: 8,
    names: [FILIPINO],
    cities: [
      { city: 'Makati', state: 'Metro Manila', zipPrefix: '12', zipLength: 4 },
      { city: 'Quezon City', state: 'Metro Manila', zipPrefix: '11', zipLength: 4 },
      { city: 'Cebu City', state: 'Cebu', zipPrefix: '60', zipLength: 4 },
    ],
    streets: ['Ayala Avenue', 'Katipunan Avenue', 'Osmeña Boulevard', 'Timog Avenue'],
    address: numbered,
  },
  {
    code: 'TH',
    weight: 6,
    utcOffsetHours: 7,
    names: [THAI],
    cities: [
      { city: 'Bangkok', state: 'Bangkok', zipPrefix: '10', zipLength: 5 },
      { city: 'Chiang Mai', state: 'Chiang Mai', zipPrefix: '50', zipLength: 5 },
    ],
    streets: ['Soi Sukhumvit 24', 'Silom Road', 'Ratchadaphisek Road', 'Nimmanhaemin Road'],
    address: numbered,
  },
  {
    code: 'VN',
    weight: 5,
    utcOffsetHours: 7,
    names: [VIETNAMESE],
    cities: [
      { city: 'Ho Chi Minh City', state: 'Ho Chi Minh', zipPrefix: '70', zipLength: 6 },
      { city: 'Hanoi', state: 'Hanoi', zipPrefix: '10', zipLength: 6 },
    ],
    streets: ['Nguyen Hue', 'Le Loi', 'Hang Bai', 'Pasteur'],
    address: numbered,
  },
  {
    code: 'AU',
    weight: 5,
    utcOffsetHours: 10,
    names: [ENGLISH, CHINESE_SEA],
    cities: [
      { city: 'Sydney', state: 'NSW', zipPrefix: '20', zipLength: 4 },
      { city: 'Melbourne', state: 'VIC', zipPrefix: '30', zipLength: 4 },
      { city: 'Brisbane', state: 'QLD', zipPrefix: '40', zipLength: 4 },
    ],
    streets: ['George Street', 'Collins Street', 'Queen Street', 'Chapel Street'],
    address: numbered,
  },
  {
    code: 'US',
    weight: 4,
    utcOffsetHours: -6,
    names: [ENGLISH, FILIPINO],
    cities: [
      { city: 'Los Angeles', state: 'CA', zipPrefix: '900', zipLength: 5 },
      { city: 'New York', state: 'NY', zipPrefix: '100', zipLength: 5 },
      { city: 'Houston', state: 'TX', zipPrefix: '770', zipLength: 5 },
    ],
    streets: ['Main Street', 'Sunset Boulevard', 'Westheimer Road', 'Broadway'],
    address: numbered,
  },
  {
    code: 'GB',
    weight: 4,
    utcOffsetHours: 0,
    names: [ENGLISH, INDIAN_SEA],
    cities: [
      { city: 'London', state: '', zipPrefix: '', zipLength: 0, fixedZips: ['E1 6AN', 'SW1A 1AA', 'N1 9GU', 'SE1 7PB'] },
      { city: 'Manchester', state: '', zipPrefix: '', zipLength: 0, fixedZips: ['M1 1AE', 'M4 5JD'] },
      { city: 'Birmingham', state: '', zipPrefix: '', zipLength: 0, fixedZips: ['B1 1BB', 'B5 4BU'] },
    ],
    streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road'],
    address: numbered,
  },
];

/** Carriers by shipping zone, with how their tracking numbers and pages look. */
export interface Carrier {
  name: string;
  trackNum: (digits: (n: number) => string) => string;
  trackUrl: (trackNum: string) => string;
}

export const CARRIERS: Record<'SG' | 'SEA' | 'ROW', readonly Carrier[]> = {
  SG: [
    { name: 'SingPost', trackNum: (d) => `RR${d(9)}SG`, trackUrl: (t) => `https://www.singpost.com/track-items?trackingid=${t}` },
    { name: 'Ninja Van', trackNum: (d) => `NVSG${d(10)}`, trackUrl: (t) => `https://www.ninjavan.co/en-sg/tracking?id=${t}` },
  ],
  SEA: [
    { name: 'J&T Express', trackNum: (d) => `JT${d(10)}`, trackUrl: (t) => `https://www.jtexpress.sg/trajectoryQuery?billcode=${t}` },
    { name: 'Ninja Van', trackNum: (d) => `NV${d(12)}`, trackUrl: (t) => `https://www.ninjavan.co/en-sg/tracking?id=${t}` },
    { name: 'DHL Express', trackNum: (d) => d(10), trackUrl: (t) => `https://www.dhl.com/sg-en/home/tracking.html?tracking-id=${t}` },
  ],
  ROW: [
    { name: 'DHL Express', trackNum: (d) => d(10), trackUrl: (t) => `https://www.dhl.com/sg-en/home/tracking.html?tracking-id=${t}` },
    { name: 'FedEx', trackNum: (d) => d(12), trackUrl: (t) => `https://www.fedex.com/fedextrack/?trknbr=${t}` },
  ],
};

/** What the booth software processes: mostly phone and camera stills, some bursts and clips. */
export const FILE_TYPES: readonly { type: string; weight: number; name: (n: string) => string; seconds: number }[] = [
  { type: 'jpg', weight: 55, name: (n) => `IMG_${n}.JPG`, seconds: 2.2 },
  { type: 'jpg', weight: 15, name: (n) => `DSC0${n}.jpg`, seconds: 2.4 },
  { type: 'png', weight: 10, name: (n) => `booth_${n}.png`, seconds: 2.8 },
  { type: 'heic', weight: 10, name: (n) => `IMG_${n}.HEIC`, seconds: 3.1 },
  { type: 'gif', weight: 6, name: (n) => `burst_${n}.gif`, seconds: 4.0 },
  { type: 'mp4', weight: 4, name: (n) => `clip_${n}.mp4`, seconds: 5.5 },
];

/** Failures the desktop program reports, most common first. */
export const ERROR_MESSAGES: readonly { message: string; weight: number }[] = [
  { message: 'No face detected in frame; interlacing skipped', weight: 24 },
  { message: 'Printer offline: check the USB cable and paper tray', weight: 18 },
  { message: 'Image resolution too low (minimum 1200x1800 px)', weight: 14 },
  { message: 'Camera disconnected during capture', weight: 11 },
  { message: 'Print queue timed out after 30 s', weight: 9 },
  { message: 'Unsupported image format', weight: 8 },
  { message: 'Out of memory while rendering the interlaced image', weight: 6 },
  { message: 'Lens calibration profile missing; using defaults failed', weight: 5 },
  { message: 'Licence lease expired; reconnect to the internet to renew', weight: 3 },
  { message: 'Disk full: could not write output file', weight: 2 },
];

/** Booths run at events: busiest in the evening, a second peak at lunch (local wall clock). */
export const EVENT_HOUR_WEIGHTS: readonly number[] = [
  2, 1, 0.5, 0.2, 0.1, 0.1, 0.2, 0.5, 1, 2, 3, 4, 5, 4.5, 4, 4, 4.5, 6, 8, 9, 9, 8, 6, 4,
];

/** Operators shop in office hours and again after dinner (Singapore wall clock). */
export const ORDER_HOUR_WEIGHTS: readonly number[] = [
  1, 0.5, 0.3, 0.2, 0.2, 0.3, 0.6, 1.5, 3, 5, 6, 6, 5, 5, 5.5, 5.5, 5, 4.5, 4, 4.5, 5, 5, 3.5, 2,
];

/** Country calling codes, for the phone numbers of contact-form enquiries. */
export const DIAL_CODES: Readonly<Record<string, string>> = {
  SG: '+65',
  ID: '+62',
  MY: '+60',
  PH: '+63',
  TH: '+66',
  VN: '+84',
  AU: '+61',
  US: '+1',
  GB: '+44',
};

/** What prospects write through the contact form: quotes for sheets, resellers, support. */
export const ENQUIRIES: readonly { country: string; company: string; message: string }[] = [
  {
    country: 'ID',
    company: 'Momen Abadi Photobooth',
    message:
      'Hi, we run three photo booths for weddings in Surabaya. Could you quote 12,000 lenticular sheets delivered to Indonesia?\n\nWe would also like to know the lead time, as our season starts next month.',
  },
  {
    country: 'SG',
    company: 'Brightside Events Pte Ltd',
    message:
      'We are an event agency interested in reselling LentiBooth to our partners in Malaysia. Do you offer reseller pricing for yearly licences (20 keys or more)?',
  },
  {
    country: 'MY',
    company: 'Snap & Go Booths',
    message:
      'Our booth PC was replaced after a hardware failure and the licence still shows the old device. Can you help us move it before our event on Saturday?',
  },
  {
    country: 'SG',
    company: 'PixelPop Studio',
    message:
      'Do the lenticular prints work with a DNP DS-RX1HS printer? We want to add 3D prints to our corporate packages and need to know before we order the setup kit.',
  },
  {
    country: 'PH',
    company: 'Kodakan Booth Rentals',
    message:
      'Please send a quotation for 5,000 sheets and two adhesion rollers to Manila. Can you also invoice our company for the setup kit instead of a card payment?',
  },
  {
    country: 'MY',
    company: 'Mega Activations Sdn Bhd',
    message:
      'We tried the daily licence at a mall activation and guests loved it. Is there a discount for monthly licences if we buy six at once?',
  },
  {
    country: 'ID',
    company: 'Island Booth Co.',
    message:
      'Can the software run on a Windows 11 mini PC without internet for a whole weekend? The venue in Bali has no Wi-Fi for vendors.',
  },
  {
    country: 'TH',
    company: 'Lumière Photo Booth Bangkok',
    message:
      'Hello, we need the invoice of last week’s order with our company tax number on it. Who should we send the details to?',
  },
  {
    country: 'VN',
    company: 'Saigon Event Tech',
    message:
      'We would like a demo for a trade show in Ho Chi Minh City in March. Can we rent a setup kit for two weeks instead of buying one?',
  },
  {
    country: 'AU',
    company: 'Southern Cross Booths',
    message:
      'We are looking for about 25,000 sheets per quarter for our booths across Australia. What pricing can you offer at that volume, and do you ship to Perth?',
  },
];

/** Where the shop's admins work from (documentation addresses, RFC 5737). */
export const ADMIN_IPS = { office: '203.0.113.24', home: '198.51.100.87' } as const;
