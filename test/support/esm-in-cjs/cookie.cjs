module.exports = require('./native-require.cjs')('light-my-request', 'cookie');
