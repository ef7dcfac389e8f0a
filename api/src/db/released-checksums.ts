// Checksums of the migration files as first released, when a migration's checksum was the sha256
// of its whole file: a database migrated then has these in schema_migrations. `statements` is the
// statementChecksum of the same file. A recorded `file` checksum is accepted when the file now has
// the same statements (its comments may have been reworded) and then recorded in the new form; a
// replaced version must have been recorded with its released file.
export interface ReleasedChecksum {
  name: string;
  file: string;
  statements: string;
}

export const RELEASED_CHECKSUMS: Readonly<Record<string, ReleasedChecksum>> = {
  '0001': { name: 'roles_and_users', file: '46c126097b00877d018e7fa2b53319faa76d6b36a452cb5f49f6a994cdcca394', statements: 'c4e7c1586e233dc0617aea8b916b399d994a1a85ee44685c83c56ae47d77e8a0' },
  '0002': { name: 'events', file: 'd9430313f0fd959863d9824d2b78b83168f35c79643d41f3952b707d37b823cf', statements: 'a28655ec058b102eefdfe450ca2d8375bae7676d5ab9abdead39591eabc1bfaa' },
  '0003': { name: 'sections', file: '673ae0cf9a381a1bf2cd89d68766b14d00a2df18c36bafa2ae201e379d3811e0', statements: '12655f51762af799be6332d498397391b9d66d686e9a5e188a32c90510ecd523' },
  '0004': { name: 'locations', file: 'f32da4fa605c1858074ae0a0fcc0be611a557b9f0b062c5f7f8ecaab1d5588e8', statements: 'f3fd95510f40feb1462ce688d09f6a620056b79bfe415678781bbfb406dd7358' },
  '0005': { name: 'accounts', file: '49d147b2a528d2ecd20d521f48d6473fb831244a55e63fb3db556e4de06b171e', statements: '8edc405b7b713237c121393384cde07c348a162ccb93fec63d8e04b5572b6e58' },
  '0006': { name: 'rate_limits', file: 'c5c9c598403e28ee7db5fb4704d6da6768a14db6bcacece01ba5a1945affa3d4', statements: 'b43664c3287052358669e42c79b25d3843af8160b0ed9cff8b5697e24faa95f2' },
  '0007': { name: 'mail_outbox', file: 'de472c0ea18b87559bff65ab31c0b42531aae60651ff7bd352ef7e8162aa2278', statements: '54361fbe8dee8195f557a506944a1629f5385a3435ca192d0ef0bbadfe701177' },
  '0008': { name: 'event_organizers', file: '97e05950ea975e27bb5cd8e6eeb2fcbad565181f9a7494e3f14f7ff7a0835e27', statements: '02a644412e594fa3ea0fbbb6e9a8f4a254de72f2744935e2e643a6a02e2ef081' },
  '0009': { name: 'event_requests', file: '3ab2b85a02b2537e208e12ec683e4979adc4eab98575a6354d6ebe779b2b473e', statements: 'a546ec55b9a26e288fb15aa2e03b5d6131d6bf885ee5cd7e4478b881bd9f0363' },
  '0101': { name: 'booking', file: '8f5de943785cf8d2b36778e46bdab7d487f653f50666fd519021674d52293b8a', statements: '6d7f02c7235ed726cad4225b9d58a892fbd8719c7beb4c82226c41c0a6f1c4c8' },
  '0102': { name: 'book_hold', file: '0cd9c80eb5edf25e0a07c0f236f5968fb7ec166e9cebc0eb97d4f543f3047eb3', statements: 'd8c74db51fcc250eb9b86f53177d33841a4a6e2d97541a88f4b46924a03f092d' },
  '0103': { name: 'payment_flow', file: '3bf5703a314c7784205a60f0b9eec9c64dc7fbcf4442b5cdbf7e55d3a0a1ad9d', statements: 'b429f6fafc64facfa8013f787cb18a79aa3468d193fa0281d544af2613264fd1' },
  '0104': { name: 'book_hold_cap', file: 'cd76248309e1582f9185796794a3a6157ea48fa18cc7f58be6a6784ff9c8b7b2', statements: '96dfbfd64d1a010fbf8dbc769a274d9736179cdfcd24f02b5b3b31eba2f50bc8' },
  '0105': { name: 'book_holds_batch', file: '97012c59b60da13e6b8d839736f9fac350b5fe97fe4cf6f124a3c97a0bdb8ce6', statements: '13e36b2daad2fb346d8402d5f30dfd6cc81ad16ed54db7e52f51f990ebb1cfe1' },
  '0107': { name: 'mail_outbox_attachments', file: '04f20ac5b535ee586d838d15b6513302b1c26557328d33e7401f81bd716c2d96', statements: '81b5c9e738447649287ca434fe9c19c478518f0f3c559ad395ce468253555095' },
  '0201': { name: 'event_requests_venue_banner', file: '08bad4bc4bc6cf23f9208765cb68600be38d41dac0a7ca3f470d9962be5c9852', statements: '76d7cda8ef4471d259467daa6ee9ff0d593578f87e9097f77c9e120c680f27b7' },
  '0202': { name: 'event_seat_plans', file: 'b5c697e4fc3205ba1c7cd200e7d4a8a0ac004f3b954a8749a72eb4782d40f562', statements: '7207ca0b06c11eb56a8172f1dd324012e479450fb16d3e31cb0ea38f965c9ddd' },
  '0203': { name: 'checkins', file: '1e5bf274184a94010af6399077d4e2f014f92c46b9f797d29500f3a356f0b62c', statements: 'b273711e5c5df769521a1bc5b97800023b7ab0ed886f5f798194791a998a01a2' },
  '0204': { name: 'reviews', file: 'a2ec3fe581f92eda042b7ee78527b5413f40c81c9a81a599c70644021f1b30d4', statements: '14229e0ba9c2b0bc4bce16bfdfe721e0d1f101e54d7ed083f78332d6577857f4' },
  '0205': { name: 'plan_sections', file: '0318de3228293bbc2e8e8865213eab964548c87ea74156c962c708717083006c', statements: '35f0f0c9c36ec07252b07bcb30b180d1b6248b300a2847fbf8f4dc5486208064' },
  '0206': { name: 'one_hold_release_free', file: 'e6d135607324d9efee85952bf5c177850f9a30a229d5149741bf664610301125', statements: '5bc850e251772300312013dc7a701ba603b1b08fe41ceed06aa2a517fd3b4a47' },
  '0207': { name: 'book_holds_seat_locks', file: 'dfa0dddaddba6c1397c6cba98e34896004a3c30b9e841f18465921247b79de6a', statements: 'fb3110e98438db751b79485bb248d946fbdf964e536e8e12ddd54d33ff99dec4' },
  '0208': { name: 'order_seats_implied_keys', file: 'e585856800bcd3b29818453009d3317af9af978c32c825f3dbe9cb2970d6f95d', statements: 'bf8b33b354b6e01f62801c3e7b76fe11597897a7d65d64bf02feaeb5776d2f08' },
  '0209': { name: 'book_holds_request_rows', file: '3f74bbc0217f13197868e97fa2bd28c7f6924e2185dbf0d3a0fc756c20b8d646', statements: '8bfeace3a58b892902c1a63fbd5c83236079120057792d062e30399a1e513c1c' },
  '0301': { name: 'feedback_and_inquiries', file: '4046a371517707053398f7d1167ee21613a089c94c5bc6e5bdb18c5934fc7096', statements: '3818d11469969760ac985428552b7390a6b0a9ad3a5122382d6a80bd53ba9b09' },
  '0302': { name: 'admin_audit_log', file: '22ea60a454ee8a1115fb6dd224b34a3269d3e8a52854945582e8e904fa90b76c', statements: '7cf3567e4806127b54cde64eed527e54aa7705829317ebb57eb769d674f6f952' },
  '0303': { name: 'admin_indexes', file: '8e2ce3e8e9e0c7eee042161b1cf1510e8223804833b4af0808792ae56f509f71', statements: '2b1997fc3f55d4117924476fd8ab00c795ed33dfb747db77c7fa74a14c286220' },
};
