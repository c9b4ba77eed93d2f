import { MemoryStore } from '../../src/service/store/index.js';
import { describeStoreContract } from './contract.js';

describeStoreContract('MemoryStore', () => new MemoryStore());
