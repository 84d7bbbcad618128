// The repository's root folder, which every service of the stack runs from.
const path = require('node:path');

module.exports = { ROOT: path.resolve(__dirname, '..', '..') };
