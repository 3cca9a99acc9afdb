module.exports = require('./native-require.cjs')('@fastify/static', 'content-disposition');
